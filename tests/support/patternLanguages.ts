/**
 * A pattern language for the tests of the pattern search around the languages (the scan, the API,
 * the CLI): over chess plies, "the board's piece placement (FEN's first field) contains a text",
 * the move played next as its continuation. Its expected answers are counted from the rated
 * fixture by chess.js (`ratedGames`), not by tabula. And the way a test lends a game module a
 * language (no game's own is needed, nor used).
 */
import type { GameKind } from '../../src/db/records';
import { gameOf } from '../../src/games';
import type { PatternHit, PatternLanguage, StoredPatternGame } from '../../src/games/patterns';
import type { FixtureGame } from './ratedGames';

export interface PlacementLanguageOptions {
  /** Keep a signature: the placements of the main line, joined by `|` (it rules out exactly the games that never reach the text). */
  signature?: boolean;
  /** Spend this long on each game tested (the timeout tests). */
  slowMs?: number;
  /** Told each game the language is asked about. */
  onGame?: () => void;
  /** The language's own replay of a stored game (`storedHits`): its hits, or null to decline. */
  stored?: (game: StoredPatternGame) => PatternHit[] | null;
  /**
   * Keep a signature that answers the hits itself (`signature.hits`): each ply's placement, side to
   * move and next move (`placement side move`, `-` for none), joined by `|`; `declines` names the
   * signatures it leaves to the replay (null).
   */
  answers?: { declines?: (signature: string) => boolean };
}

/** The hits of `text` in an answering signature (see `answers`). */
const answeredHits = (text: string, signature: string): PatternHit[] =>
  signature.split('|').flatMap((entry, ply) => {
    const [placement, side, move] = entry.split(' ');
    if (!placement.includes(text)) return [];
    return [{ ply, continuation: move === '-' ? null : { move, byFirst: side === 'w' } }];
  });

/** `{ "placement": "4P3" }`: the positions whose placement contains `4P3`. */
export const placementLanguage = (options: PlacementLanguageOptions = {}): PatternLanguage<string> => ({
  read(pattern) {
    if (typeof pattern !== 'object' || pattern === null || Array.isArray(pattern)) return { ok: false, error: { key: '', message: 'must be an object' } };
    const text = (pattern as Record<string, unknown>).placement;
    if (typeof text !== 'string' || text === '') return { ok: false, error: { key: 'placement', message: 'must be a non-empty text, got ' + JSON.stringify(text) } };
    return { ok: true, query: text };
  },
  hits(text, game) {
    options.onGame?.();
    if (options.slowMs) for (const until = performance.now() + options.slowMs; performance.now() < until; );
    const hits: PatternHit[] = [];
    game.plies.forEach((p, i) => {
      if (!p.position.board.split(' ')[0].includes(text)) return;
      hits.push({ ply: i, continuation: p.nextMove ? { move: p.nextMove, byFirst: p.position.sideToMove === 'w' } : null });
    });
    return hits;
  },
  storedHits: options.stored ? (_text, game) => options.stored!(game) : undefined,
  signature: options.answers
    ? {
        of: (plies) => Buffer.from(plies.map((p) => `${p.position.board.split(' ')[0]} ${p.position.sideToMove} ${p.nextMove ?? '-'}`).join('|')),
        mayHold: (text, bytes) => Buffer.from(bytes).toString().includes(text),
        hits: (text, bytes) => {
          const signature = Buffer.from(bytes).toString();
          return options.answers!.declines?.(signature) ? null : answeredHits(text, signature);
        },
      }
    : options.signature
      ? {
          of: (plies) => Buffer.from(plies.map((p) => p.position.board.split(' ')[0]).join('|')),
          mayHold: (text, bytes) => Buffer.from(bytes).toString().includes(text),
        }
      : undefined,
});

/** Lends `kind`'s module `language` (undefined: none) until the returned function puts its own back. */
export const lendPatternLanguage = (kind: GameKind, language: PatternLanguage<string> | undefined): (() => void) => {
  const module = gameOf(kind) as { patterns?: PatternLanguage<unknown> };
  const own = module.patterns;
  module.patterns = language as PatternLanguage<unknown> | undefined;
  return () => {
    module.patterns = own;
  };
};

/** What a search of `text` over fixture games should answer, counted from the fixture alone. */
export interface ExpectedSearch {
  /** Each matching game (by its index in the file) at its first matching ply. */
  matches: { index: number; ply: number }[];
  totalCount: number;
  /** By `side move`: games, and results from the mover's side; the mover's mean rating. */
  continuations: Map<string, { games: number; wins: number; draws: number; losses: number; unknown: number; averageRating: number | null; lastPlayed: string | null }>;
}

/** The first day a PGN date can be (`2019.??.??` is 2019-01-01), or null when its year is not known. */
const firstDay = (date: string | undefined): string | null => {
  const m = /^(\d{4})\.(\d\d|\?\?)\.(\d\d|\?\?)$/.exec(date ?? '');
  return m ? `${m[1]}-${m[2] === '??' ? '01' : m[2]}-${m[3] === '??' ? '01' : m[3]}` : null;
};

/** The search of `text` over the fixture games `keep` keeps, by brute force over chess.js's positions. */
export const expectedSearch = (games: readonly FixtureGame[], text: string, keep: (g: FixtureGame) => boolean = () => true): ExpectedSearch => {
  const matches: { index: number; ply: number }[] = [];
  let totalCount = 0;
  const moves = new Map<string, { games: number; wins: number; draws: number; losses: number; unknown: number; ratings: number[]; lastPlayed: string | null }>();
  games.forEach((g, index) => {
    if (!keep(g)) return;
    const plies = g.fens.flatMap((fen, ply) => (fen.split(' ')[0].includes(text) ? [ply] : []));
    if (plies.length === 0) return;
    totalCount += plies.length;
    matches.push({ index, ply: plies[0] });
    const played = new Set(plies.filter((ply) => ply < g.sans.length).map((ply) => `${g.fens[ply].split(' ')[1] === 'w' ? 'first' : 'second'} ${g.sans[ply]}`));
    for (const key of played) {
      const first = key.startsWith('first');
      const row = moves.get(key) ?? { games: 0, wins: 0, draws: 0, losses: 0, unknown: 0, ratings: [], lastPlayed: null };
      row.games++;
      const result = g.tags.Result;
      if (result === '1/2-1/2') row.draws++;
      else if (result === '1-0') row[first ? 'wins' : 'losses']++;
      else if (result === '0-1') row[first ? 'losses' : 'wins']++;
      else row.unknown++;
      const elo = g.tags[first ? 'WhiteElo' : 'BlackElo'];
      if (/^\d+$/.test(elo ?? '')) row.ratings.push(Number(elo));
      const day = firstDay(g.tags.Date);
      if (day !== null && (row.lastPlayed === null || day > row.lastPlayed)) row.lastPlayed = day;
      moves.set(key, row);
    }
  });
  const continuations: ExpectedSearch['continuations'] = new Map();
  for (const [key, { ratings, ...row }] of moves) {
    continuations.set(key, { ...row, averageRating: ratings.length === 0 ? null : ratings.reduce((a, b) => a + b, 0) / ratings.length });
  }
  return { matches, totalCount, continuations };
};
