/**
 * The lookup box under the tabs: any key a user has at hand (a Go hash or PositionID, a gnubg
 * `PositionID[:MatchID]`, a FEN, a CGP line, a Polyglot or crossword key) is classified
 * (`keys.ts`) and looked up; each stored position is shown with its diagram, scores and the
 * games it occurs in (and a button that opens the Explorer tab on it), or the decoded diagram when
 * the position is not stored.
 */
import { gql } from '../shared/api';
import { $, diagram, h } from './dom';
import { openInExplorer } from './explorerTab';
import { classifyKey } from './keys';

interface FoundPosition {
  kind: string;
  toPlay?: string;
  key: string;
  board: string | null;
  svg: string;
  occurrenceCount: number;
  /** Each score as `name value`: the readable label where the server gives one (gnubg's settings in words). */
  scores: { name: string; value: string }[];
  occurrences: { number: number; variation: string; move: string | null; game: { id: string; kind: string; player1: string | null; player2: string | null; event: string | null; date: string | null; result: string | null } }[];
}

const OCCURRENCES = `occurrences(first: 5) { number variation move game { id kind player1 player2 event date result } }`;
const POSITION_FIELDS = `kind key board occurrenceCount svg(size: 300) scores { program ruleset label value confidence } ${OCCURRENCES}`;
const GO_FIELDS = `key board toPlay occurrenceCount svg(size: 300) scores { program ruleset score confidence } ${OCCURRENCES}`;

interface RawPosition extends Omit<FoundPosition, 'scores' | 'kind'> {
  kind?: string;
  scores: { program: string; ruleset: string; label?: string; value?: number; score?: number; confidence?: number | null }[];
}

const normalise = (p: RawPosition, kind?: string): FoundPosition => ({
  ...p,
  kind: p.kind ?? kind ?? '',
  scores: p.scores.map((s) => ({
    name: s.label ?? `${s.program}${s.ruleset ? `/${s.ruleset}` : ''}`,
    value: `${s.score ?? s.value}${s.confidence !== null && s.confidence !== undefined ? ` (confidence ${s.confidence})` : ''}`,
  })),
});

/** Runs the queries the key's shape calls for: stored positions, plus a decoded diagram when nothing is stored. */
async function lookup(input: string): Promise<{ found: FoundPosition[]; decoded?: { svg: string; text: string } }> {
  const key = classifyKey(input);
  const vars = (v: Record<string, unknown>) => v;
  switch (key.kind) {
    case 'empty':
      return { found: [] };
    case 'fen': {
      const d = await gql<{ chessPosition: { key: string; fen: string; svg: string; gameCount: number; position: RawPosition | null } }>(
        `query LookupFen($fen: String!) { chessPosition(fen: $fen) { key fen svg(size: 300) gameCount position { ${POSITION_FIELDS} } } }`,
        vars({ fen: key.fen }),
      );
      const c = d.chessPosition;
      return c.position
        ? { found: [normalise(c.position)] }
        : { found: [], decoded: { svg: c.svg, text: `Chess position ${c.fen} (Polyglot key ${c.key}) is not in any stored game.` } };
    }
    case 'cgp': {
      const d = await gql<{ parseCgp: { key: string; svg: string; stored: RawPosition | null } }>(
        `query LookupCgp($cgp: String!) { parseCgp(cgp: $cgp) { key svg(size: 300) stored { ${POSITION_FIELDS} } } }`,
        vars({ cgp: key.cgp }),
      );
      const c = d.parseCgp;
      return c.stored ? { found: [normalise(c.stored)] } : { found: [], decoded: { svg: c.svg, text: `Crossword position (key ${c.key}) is not stored.` } };
    }
    case 'gnubg':
    case 'gnubgPosition': {
      const matchId = key.kind === 'gnubg' ? key.matchId : null;
      const d = await gql<{ backgammonPositions: RawPosition[]; decodePositionId: { svg: string; pipCounts: number[] } }>(
        `query LookupBackgammon($p: String!, $m: String) {
          backgammonPositions(positionId: $p, matchId: $m, first: 5) { ${POSITION_FIELDS} }
          decodePositionId(id: $p) { svg(size: 300) pipCounts }
        }`,
        vars({ p: key.positionId, m: matchId }),
      );
      return d.backgammonPositions.length
        ? { found: d.backgammonPositions.map((p) => normalise(p)) }
        : { found: [], decoded: { svg: d.decodePositionId.svg, text: `Backgammon position ${key.positionId} is not stored (pip counts ${d.decodePositionId.pipCounts.join(' / ')}).` } };
    }
    case 'hex16': {
      const d = await gql<{ positions: RawPosition[]; goPositions: RawPosition[] }>(
        `query LookupHex($k: String!) { positions(key: $k) { ${POSITION_FIELDS} } goPositions(hash: $k) { ${GO_FIELDS} } }`,
        vars({ k: key.hex }),
      );
      return { found: [...d.positions.map((p) => normalise(p)), ...d.goPositions.map((p) => normalise(p, 'GO'))] };
    }
    case 'hex20': {
      const d = await gql<{ goPosition: RawPosition | null }>(`query LookupGoKey($k: String!) { goPosition(hash: $k) { ${GO_FIELDS} } }`, vars({ k: key.hex }));
      return { found: d.goPosition ? [normalise(d.goPosition, 'GO')] : [] };
    }
    case 'goBoard': {
      const d = await gql<{ findPositions: RawPosition[]; goCanonicalHash: { hash: string; svg: string } }>(
        `query LookupGoBoard($b: String!) { findPositions(text: $b) { ${POSITION_FIELDS} } goCanonicalHash(board: $b) { hash svg(size: 300) } }`,
        vars({ b: key.board }),
      );
      return d.findPositions.length
        ? { found: d.findPositions.map((p) => normalise(p)) }
        : { found: [], decoded: { svg: d.goCanonicalHash.svg, text: `Go board (canonical hash ${d.goCanonicalHash.hash}) is not stored and no stored game reaches it.` } };
    }
    case 'other': {
      const d = await gql<{ positions: RawPosition[] }>(`query LookupKey($k: String!) { positions(key: $k) { ${POSITION_FIELDS} } }`, vars({ k: key.key }));
      if (d.positions.length > 0) return { found: d.positions.map((p) => normalise(p)) };
      // No stored key is this text: the API's reading of it says why it is no key at all (or finds what it names).
      const read = await gql<{ findPositions: RawPosition[] }>(
        `query LookupText($t: String!) { findPositions(text: $t) { ${POSITION_FIELDS} } }`,
        vars({ t: key.key }),
      ).catch((error: unknown) => {
        // The API's BAD_USER_INPUT for the text starts "text: "; other failures (a token, the network) pass as they are.
        if (error instanceof Error && error.message.startsWith('text: ')) throw new Error(`This is no key: ${error.message.slice('text: '.length)}`);
        throw error;
      });
      return { found: read.findPositions.map((p) => normalise(p)) };
    }
  }
}

const gameText = (g: FoundPosition['occurrences'][number]['game']): string =>
  `${g.player1 ?? '?'} – ${g.player2 ?? '?'}${g.event ? `, ${g.event}` : ''}${g.date ? `, ${g.date}` : ''}${g.result ? ` (${g.result})` : ''}`;

/** Opens the Explorer tab on a found position: chess by its FEN (the board), the others by their key. */
const exploreButton = (p: FoundPosition): HTMLElement => {
  const button = h('button', { type: 'button', class: 'explore' }, 'Explore its moves');
  button.addEventListener('click', () => openInExplorer(p.kind, p.kind === 'CHESS' ? (p.board ?? p.key) : p.key));
  return button;
};

export async function runLookup(): Promise<void> {
  const out = $('lookup-results');
  const input = $<HTMLInputElement>('lookup-key').value;
  out.replaceChildren(h('p', { class: 'hint' }, 'Looking up…'));
  try {
    const { found, decoded } = await lookup(input);
    const nodes: HTMLElement[] = [];
    if (decoded) nodes.push(h('article', { class: 'found decoded' }, diagram(decoded.svg), h('p', {}, decoded.text)));
    for (const p of found) {
      nodes.push(
        h(
          'article',
          { class: 'found', 'data-kind': p.kind, 'data-key': p.key },
          diagram(p.svg),
          h(
            'div',
            { class: 'facts' },
            h('h3', {}, `${p.kind.toLowerCase()} · ${p.key}`),
            exploreButton(p),
            p.toPlay ? h('p', {}, `${p.toPlay === 'WHITE' ? 'White' : 'Black'} to play.`) : '',
            h('p', {}, `Occurs ${p.occurrenceCount} time${p.occurrenceCount === 1 ? '' : 's'} in stored games.`),
            p.scores.length ? h('p', {}, `Scores: ${p.scores.map((s) => `${s.name} ${s.value}`).join('; ')}`) : '',
            p.occurrences.length
              ? h(
                  'ul',
                  { class: 'games' },
                  ...p.occurrences.map((o) =>
                    h('li', {}, `Game ${o.game.id}: ${gameText(o.game)}, ply ${o.number}${o.variation ? ` (variation ${o.variation})` : ''}${o.move ? ` after ${o.move}` : ''}`),
                  ),
                )
              : '',
          ),
        ),
      );
    }
    if (nodes.length === 0) nodes.push(h('p', { class: 'hint' }, 'No stored position has this key.'));
    out.replaceChildren(...nodes);
  } catch (error) {
    out.replaceChildren(h('p', { class: 'error' }, error instanceof Error ? error.message : String(error)));
  }
}
