/**
 * The games the Pattern search tab searches, in its picker's order, each with the example pattern
 * its query box opens with (from docs/GAMES.md, "Pattern search" of each game) and a line naming
 * its language's keys. Go has the board instead of a box. Pure data.
 */
/** A game kind as the API names it (explorerData.ts's `GameKind`; not imported, so this file stays free of the page's API code). */
export type PatternKind = 'GO' | 'CHESS' | 'BACKGAMMON' | 'CROSSWORD';

export interface PatternGame {
  kind: PatternKind;
  title: string;
  /** The pattern the query box opens with (Go: none, it has the board). */
  example: string;
  /** What the game's pattern language takes, in a line. */
  hint: string;
}

export const PATTERN_GAMES: PatternGame[] = [
  { kind: 'GO', title: 'Go', example: '', hint: '' },
  {
    kind: 'CHESS',
    title: 'Chess',
    example: '{"sub-fen": "8/8/8/8/4P3/5N2/8/8"}',
    hint: 'Scoutfish\'s keys: "sub-fen" (pieces on squares, the rest anything), "material" ("KQRkqr"), "imbalance" ("Q v RR"), "side-to-move", "result", "sequence" and "streak" (lists of conditions). Example: a white pawn on e4 and a white knight on f3.',
  },
  {
    kind: 'BACKGAMMON',
    title: 'Backgammon',
    example: '{"points": {"opp5": {"min": 2}}}',
    hint: 'blunderDB\'s filters, from the side on roll: "race"/"contact", "pips", "pipDifference", "points", "blots", "prime", "bar", "off", "cube", "score", "decision", "minError". Example: at least 2 checkers on the opponent\'s 5-point (the golden anchor).',
  },
  {
    kind: 'CROSSWORD',
    title: 'Crossword',
    example: '{"bingo": true}',
    hint: 'Plays whose main word matches: "word" (letters, ? one tile, * any run), "bingo", "player", "lexicon", "minScore". Example: every bingo.',
  },
];

export const patternGameOf = (kind: string): PatternGame => PATTERN_GAMES.find((g) => g.kind === kind) ?? PATTERN_GAMES[0];
