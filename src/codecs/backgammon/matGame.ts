/**
 * Jellyfish `.mat` matches as backgammon games, both ways. Reading turns each
 * ` Game k` of a `MatFile` into a `BackgammonGame` (the data the SGF reader
 * gives), so the one replay (`replay.ts`) keys its positions: it follows gnubg's
 * `import mat` (import.c `ImportGame`, `ParseMatMove`, `ExpandMatMove`) where
 * the text leaves things open: the Crawford game is the first game with exactly
 * one player at match point; a roll with no play written is a dance, the forced
 * play, or a roll not played (a resignation follows); a step written across two
 * dice (`61: 13/6`, `66: 24/12`) is split die by die; a roll after `Beavers`
 * takes the beaver; `Wins n` while the game is on is a resignation. Writing
 * turns a replayed game back into a `MatGame` the way gnubg's `export mat` does.
 */
import { CodecError, Result, codecErrors, err, ok } from '../result';
import { Step, applyStep, checkPlay, legalPlays } from './legality';
import { MatAction, MatEntry, MatFile, MatGame, MatStep, MatTag } from './matFile';
import { OFF } from './points';
import { BgReplay, initialSide } from './replay';
import { BackgammonGame, BgGameInfo, BgNode, BgRules, buildGameTree } from './sgfGame';
import { BAR, Seat, SideCheckers } from './types';

/** The error codes this module returns. */
export const MAT_GAME_ERRORS = ['ERR_MAT_EDITED', 'ERR_MAT_ILLEGAL_MOVE', 'ERR_MAT_MOVE', 'ERR_MAT_ORDER', 'ERR_MAT_REPLAY'] as const;
/** One of MAT_GAME_ERRORS. */
export type MatGameError = (typeof MAT_GAME_ERRORS)[number];
const matGameError = codecErrors(MAT_GAME_ERRORS);

/** A game read from a `.mat` file, and where each of its nodes was written (undefined: implied, like the take of a beaver). */
export interface MatGameRead {
  game: BackgammonGame;
  /** Per node of `game.nodes`: the entry it came from. */
  sources: (MatEntry | undefined)[];
  /** Line of ` Game k`. */
  line: number;
}

/** Rules variations gnubg writes in `; [Variation "…"]`. */
const VARIATIONS: Record<string, BgRules['variation']> = {
  NackGammon: 'Nackgammon',
  'HyperGammon (1)': 'Hypergammon1',
  'HyperGammon (2)': 'Hypergammon2',
  'HyperGammon (3)': 'Hypergammon3',
};

const COLOUR = ['White', 'Black'];

const tagValue = (tags: MatTag[], name: string): string | undefined => tags.find((t) => t.name === name)?.value;

/** A step as written (25 = bar, 0 = off) in the mover's index numbering (24 = bar, −1 = off). */
const stepOf = (s: MatStep): Step => ({ from: s.from === 25 ? BAR : s.from - 1, to: s.to === 0 ? OFF : s.to - 1 });

/** gnubg `ApplySubMove` with legality checks: each step 1..6 pips from an own checker to a point not held. */
const possible = (own: SideCheckers, opp: SideCheckers, steps: Step[]): boolean => {
  const o = own.slice();
  const p = opp.slice();
  for (const { from, to } of steps) {
    const pips = from - to;
    if (pips < 1 || pips > 6 || !(o[from] > 0) || (to !== OFF && p[23 - to] > 1)) return false;
    applyStep(o, p, from, to);
  }
  return true;
};

/**
 * import.c `ExpandMatMove`: a non-double's single step over both dice (or bearing off with a
 * larger die from further out) is split at the point one die away, trying the first die written
 * first, never through an opponent's checker; a double's steps over several dice are split die
 * by die. Undefined when a double's split needs more than four steps.
 */
const expand = (own: SideCheckers, opp: SideCheckers, dice: [number, number], steps: Step[]): Step[] | undefined => {
  const [d0, d1] = dice;
  if (d0 !== d1) {
    if (steps.length !== 1) return steps;
    const { from, to } = steps[0];
    const whole = from - to === d0 + d1;
    const overage = to === OFF && from >= d0 && from >= d1;
    if (!whole && !overage) return steps;
    for (const die of [d0, d1]) {
      const mid = from - die;
      if (mid < 0 || opp[23 - mid] !== 0) continue;
      const split = [{ from, to: mid }, { from: mid, to }];
      if (possible(own, opp, split)) return split;
    }
    return steps;
  }
  const out: Step[] = [];
  for (const { from, to } of steps) {
    const dice = Math.floor((d0 - 1 + from - to) / d0);
    let src = from;
    for (let k = 1; k < dice; k++, src -= d0) out.push({ from: src, to: src - d0 });
    out.push({ from: src, to });
  }
  return out.length > 4 ? undefined : out;
};

const sum = (side: SideCheckers): number => side.reduce((a, b) => a + b, 0);

/** Reads every game of a `.mat` file into backgammon games (one per ` Game k`), with warnings about what gnubg also passes over. */
export const gamesOfMat = (file: MatFile): Result<{ games: MatGameRead[]; warnings: string[] }> => {
  const warnings: string[] = [];
  const games: MatGameRead[] = [];
  const length = file.matchLength;
  const variation = VARIATIONS[tagValue(file.tags, 'Variation') ?? ''];
  let postCrawford = false;
  for (const mat of file.games) {
    const [p0, p1] = mat.players;
    // import.c ImportGame: JF always plays the Crawford rule; the Crawford game is the first one with exactly one side at match point.
    const crawfordGame = !postCrawford && length > 0 && (p0.score === length - 1) !== (p1.score === length - 1);
    if (crawfordGame) postCrawford = true;
    const read = readGame(file, mat, { crawfordGame, variation }, warnings);
    if (!read.ok) return read;
    games.push(read.value);
  }
  return ok({ games, warnings });
};

const readGame = (
  file: MatFile,
  mat: MatGame,
  context: { crawfordGame: boolean; variation: BgRules['variation'] },
  warnings: string[],
): Result<MatGameRead> => {
  const length = file.matchLength;
  const [p0, p1] = mat.players;
  const seats: [SideCheckers, SideCheckers] = [initialSide(context.variation), initialSide(context.variation)];
  const nodes: Omit<BgNode, 'sgf'>[] = [];
  const sources: (MatEntry | undefined)[] = [];
  let cube = 1;
  let doubled = false;
  let beaver: Seat | undefined;
  let over = false;
  let result: BgGameInfo['result'];
  const fail = (e: MatEntry, message: string, code: MatGameError = 'ERR_MAT_REPLAY'): Result<never> =>
    err(matGameError(code, `line ${e.line}, column ${e.column}: game ${mat.number}: ${message}`, { line: e.line, column: e.column, record: mat.number - 1 }));
  const add = (node: Omit<BgNode, 'sgf'>, source: MatEntry | undefined) => {
    nodes.push(node);
    sources.push(source);
  };
  for (const e of mat.entries) {
    const a = e.action;
    const p = e.player;
    const who = `${COLOUR[p]} (${mat.players[p].name || `player ${p}`})`;
    if (over) {
      if (a.kind === 'win') continue; // the result line of a bear-off or a drop
      return fail(e, `${describe(a)} by ${who} after the game ended`, 'ERR_MAT_ORDER');
    }
    if (a.kind === 'roll' && beaver !== undefined) {
      // import.c: a roll after a beaver means the beaver was taken, by the player who doubled first.
      add({ action: { kind: 'take', player: (1 - beaver) as Seat }, extra: [] }, undefined);
      cube *= 2;
      doubled = false;
      beaver = undefined;
    }
    switch (a.kind) {
      case 'roll': {
        if (doubled) return fail(e, `a roll by ${who} while a double is pending (no Takes or Drops)`, 'ERR_MAT_ORDER');
        const own = seats[p];
        const opp = seats[1 - p];
        let steps: Step[];
        if (a.steps.length === 0) {
          const legal = legalPlays(own, opp, a.dice);
          if (legal.dice > 0 && legal.plays.size > 1) {
            // Legal plays exist and none was written: the roll was not played (a resignation follows).
            add({ setup: { player: p, order: ['PL'], dice: a.dice }, extra: [] }, e);
            break;
          }
          steps = legal.dice === 0 ? [] : [...legal.plays.values()][0]; // a dance, or the forced play
        } else {
          const expanded = expand(own, opp, a.dice, a.steps.map(stepOf));
          if (!expanded) return fail(e, `${who}'s ${a.dice.join('')}: more than four steps once split die by die`, 'ERR_MAT_MOVE');
          const checked = checkPlay(own, opp, a.dice, expanded, COLOUR[p]);
          if (!checked.ok) return fail(e, `${a.dice.join('')}: ${checked.message}`, 'ERR_MAT_ILLEGAL_MOVE');
          steps = checked.steps;
        }
        for (const s of steps) applyStep(own, opp, s.from, s.to);
        add({ action: { kind: 'move', player: p, dice: a.dice, moves: steps }, extra: [] }, e);
        if (sum(own) === 0) over = true;
        break;
      }
      case 'double':
      case 'beaver':
      case 'raccoon':
        add({ action: { kind: 'double', player: p }, extra: [] }, e);
        if (doubled) cube *= 2;
        doubled = true;
        beaver = a.kind === 'beaver' ? p : undefined;
        break;
      case 'take':
      case 'drop':
        if (!doubled) return fail(e, `${a.kind === 'take' ? 'Takes' : 'Drops'} by ${who} without a double`, 'ERR_MAT_ORDER');
        add({ action: { kind: a.kind, player: p }, extra: [] }, e);
        doubled = false;
        beaver = undefined;
        if (a.kind === 'take') cube *= 2;
        else over = true;
        break;
      case 'win': {
        // import.c: `Wins n` while the game is on is the other side resigning, at the level n reaches with the cube.
        const level = a.points <= cube ? 1 : a.points <= 2 * cube ? 2 : 3;
        if (a.points !== level * cube)
          warnings.push(`line ${e.line}: game ${mat.number}: 'Wins ${a.points}' with the cube at ${cube}: read as resigning ${level * cube}, as gnubg does`);
        result = { winner: p, points: level * cube, resigned: true };
        over = true;
        break;
      }
    }
  }
  const tags = file.tags;
  const date = /^(\d{4})\.(\d{1,2})\.(\d{1,2})$/.exec(tagValue(tags, 'EventDate') ?? '');
  const info: BgGameInfo = {
    white: p0.name,
    black: p1.name,
    matchLength: length,
    gameNumber: mat.number - 1,
    score: [p0.score, p1.score],
    rules: { crawford: length > 0, crawfordGame: context.crawfordGame, jacoby: length === 0, noCube: false, variation: context.variation },
    cubeValue: 1,
  };
  if (result) info.result = result;
  if (date) info.date = `${date[1]}-${date[2].padStart(2, '0')}-${date[3].padStart(2, '0')}`;
  const text: [keyof BgGameInfo, string | undefined][] = [
    ['event', tagValue(tags, 'Event')],
    ['round', tagValue(tags, 'Round')],
    ['place', tagValue(tags, 'Site')],
    ['annotator', tagValue(tags, 'Transcriber')],
    ['comment', file.comments.length ? file.comments.join('\n') : undefined],
    ['whiteRating', p0.rating],
    ['blackRating', p1.rating],
  ];
  for (const [key, value] of text) if (value !== undefined) (info as unknown as Record<string, unknown>)[key] = value;
  const tree = buildGameTree({ info, rootExtra: [], nodes: nodes as BgNode[] });
  const game: BackgammonGame = { info, rootExtra: [], nodes: nodes.map((n, k) => ({ ...n, sgf: tree.nodes[k + 1] })), tree };
  return ok({ game, sources, line: mat.line });
};

const describe = (a: MatAction): string =>
  a.kind === 'roll' ? `the roll ${a.dice.join('')}` : a.kind === 'win' ? `'Wins ${a.points}'` : `'${a.kind}'`;

// ---------------------------------------------------------------------------------------------
// Writing: a replayed game as gnubg's `export mat` lays it out.

/** Whether a node edits the board or the cube (gnubg cannot export such a game to `.mat` faithfully). */
const edits = (node: BgNode): boolean =>
  !!node.setup && (node.setup.clear !== undefined || node.setup.white !== undefined || node.setup.black !== undefined || node.setup.cubeValue !== undefined || node.setup.cubeOwner !== undefined);

/**
 * One game as a `.mat` ` Game k` section: rolls with their plays as written (hits marked as
 * drawboard.c `FormatMovePlain` marks them), cube actions, and the result line. A game that starts
 * from a set-up board or is edited during play has no `.mat` form: an error names the node.
 */
export const matGameOf = (game: BackgammonGame, replay: BgReplay): Result<MatGame> => {
  const edited = game.nodes.findIndex(edits);
  if (edited >= 0)
    return err(matGameError('ERR_MAT_EDITED', `node ${edited + 1} sets up the board or the cube: a .mat file holds only games played from the start`, { record: edited }));
  const entries: MatEntry[] = [];
  const push = (player: Seat, action: MatAction) => entries.push({ player, action, line: 0, column: 0 });
  const points = replay.result?.points ?? 0;
  const plies = replay.plies;
  for (let k = 1; k < plies.length; k++) {
    const ply = plies[k];
    const a = ply.action;
    const node = ply.nodeIndex === null ? undefined : game.nodes[ply.nodeIndex];
    switch (ply.kind) {
      case 'move': {
        if (a?.kind !== 'move') break;
        const before = plies[k - 1].seats[1 - a.player];
        const steps: MatStep[] = a.moves.map((m, i) => ({
          from: m.from === BAR ? 25 : m.from + 1,
          to: m.to === OFF ? 0 : m.to + 1,
          // A hit: the opponent had a checker on the destination before the roll, and no earlier step landed there.
          hit: m.to !== OFF && before[23 - m.to] > 0 && !a.moves.slice(0, i).some((e) => e.to === m.to),
        }));
        push(a.player, { kind: 'roll', dice: a.dice, steps });
        if (ply.match.gameState === 'OVER') push(a.player, { kind: 'win', points, by: 'bearoff' });
        break;
      }
      case 'setup': {
        // A roll set without playing it: gnubg drops it when the same player's roll follows.
        const dice = node?.setup?.dice;
        const next = plies[k + 1];
        const player = ply.match.diceOwner;
        if (dice && !(next?.kind === 'move' && next.player === player)) push(player, { kind: 'roll', dice, steps: [], rolledOnly: true });
        break;
      }
      case 'double':
      case 'beaver':
        push(ply.player!, { kind: ply.kind });
        break;
      case 'take':
        push(ply.player!, { kind: 'take' });
        break;
      case 'drop':
        push(ply.player!, { kind: 'drop' });
        push((1 - ply.player!) as Seat, { kind: 'win', points, by: 'drop' });
        break;
      case 'resign':
        // gnubg's resignation from RE[…R]; Gibbon's own resign node waits for its accept.
        if (ply.nodeIndex === null) push((1 - ply.player!) as Seat, { kind: 'win', points, by: 'resign' });
        break;
      case 'accept':
        push(ply.player!, { kind: 'win', points, by: 'resign' });
        break;
      default:
        break;
    }
  }
  const { info } = game;
  return ok({
    number: info.gameNumber + 1,
    players: [
      { name: info.white ?? 'White', score: info.score[0] },
      { name: info.black ?? 'Black', score: info.score[1] },
    ],
    entries,
    line: 0,
    text: '',
  });
};

/** The header tags of a game, in gnubg's order (Site, Event, Round, EventDate, Variation, Transcriber). */
export const matTagsOf = (info: BgGameInfo): MatTag[] => {
  const tags: MatTag[] = [];
  const variation = Object.entries(VARIATIONS).find(([, v]) => v === info.rules.variation)?.[0];
  const date = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(info.date ?? '');
  const add = (name: string, value: string | undefined) => value !== undefined && tags.push({ name, value });
  add('Site', info.place);
  add('Event', info.event);
  add('Round', info.round);
  add('EventDate', date ? `${date[1]}.${date[2].padStart(2, '0')}.${date[3].padStart(2, '0')}` : undefined);
  add('Variation', variation);
  add('Transcriber', info.annotator);
  return tags;
};

/** A whole `.mat` file of one game (header from its info), ready for `printMatFile`. */
export const matFileOf = (game: BackgammonGame, replay: BgReplay): Result<MatFile, CodecError> => {
  const mat = matGameOf(game, replay);
  if (!mat.ok) return mat;
  return ok({
    tags: matTagsOf(game.info),
    comments: game.info.comment ? game.info.comment.split('\n') : [],
    matchLength: game.info.matchLength,
    games: [mat.value],
    header: '',
  });
};
