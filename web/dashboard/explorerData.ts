/**
 * The explorer view's questions to the API: per game, how a position is named and looked up
 * (chess by `chessPosition(fen, play)`, the others by `findPositions(text)`), and one query for
 * the position's moves, top games and recent games over a `GameFilter`.
 */
import { gql } from '../shared/api';

export type GameKind = 'CHESS' | 'GO' | 'BACKGAMMON' | 'CROSSWORD';

export interface ExplorerGame {
  kind: GameKind;
  title: string;
  /** What the position box takes. */
  placeholder: string;
  /** The position shown when the game is picked ('' for none). */
  start: string;
  /** The sides' names, first and second player. */
  sides: [string, string];
  /** Whether results are points (backgammon, crossword): the moves table shows their mean. */
  points: boolean;
}

export const EXPLORER_GAMES: ExplorerGame[] = [
  {
    kind: 'CHESS',
    title: 'Chess',
    placeholder: 'a FEN, or moves from the start (e4 c5 Nf3, or UCI e2e4); empty for the start position',
    start: '',
    sides: ['White', 'Black'],
    points: false,
  },
  {
    kind: 'GO',
    title: 'Go',
    placeholder: 'a Go board (#, O, . row by row), a PositionID (20 hex digits) or hash',
    start: '.'.repeat(81),
    sides: ['Black', 'White'],
    points: false,
  },
  {
    kind: 'BACKGAMMON',
    title: 'Backgammon',
    placeholder: 'a gnubg PositionID:MatchID, or a Position ID alone (every match state of that board)',
    start: '4HPwATDgc/ABMA',
    sides: ['player 1', 'player 2'],
    points: true,
  },
  {
    kind: 'CROSSWORD',
    title: 'Crossword',
    placeholder: 'a CGP line or a crossword key (16 hex digits)',
    start: '',
    sides: ['player 1', 'player 2'],
    points: true,
  },
];

export const gameOfKind = (kind: string): ExplorerGame => EXPLORER_GAMES.find((g) => g.kind === kind) ?? EXPLORER_GAMES[0];

// ------------------------------------------------------------------ the answers

export interface Opening {
  eco: string;
  name: string;
  moves?: string;
}

export interface MoveStat {
  move: string;
  count: number;
  wins: number;
  draws: number;
  losses: number;
  unknown: number;
  points: number | null;
  averageRating: number | null;
  averageOpponentRating: number | null;
  performance: number | null;
  lastPlayed: string | null;
  opening?: Opening | null;
}

export interface ExplorerGameRow {
  id: string;
  player1: string | null;
  player2: string | null;
  player1Rating: number | null;
  player2Rating: number | null;
  speed: string | null;
  date: string | null;
  result: string | null;
  event: string | null;
  plyCount: number;
  opening: Opening | null;
}

/** A position explored: what the view shows. */
export interface Explored {
  kind: GameKind;
  key: string;
  /** Its text form (FEN, board, gnubg IDs, CGP). */
  text: string | null;
  svg: string;
  occurrenceCount: number;
  /** Chess: the position's own opening name, when the table names it. */
  opening: Opening | null;
  sideToMove: string | null;
  moves: MoveStat[];
  topGames: ExplorerGameRow[];
  recentGames: ExplorerGameRow[];
}

/** A position a text names, before it is explored (several when a backgammon Position ID stands for every match state). */
export interface Candidate {
  kind: GameKind;
  key: string;
  text: string | null;
  occurrenceCount: number;
}

/** The filter as the API takes it: only the fields given. */
export type GameFilter = Record<string, string | number | string[]>;

/** How many games each list shows. */
export const GAMES_SHOWN = 8;

const MOVE_FIELDS = 'move count wins draws losses unknown points averageRating averageOpponentRating performance lastPlayed';
const GAME_FIELDS = 'id player1 player2 player1Rating player2Rating speed date result event plyCount opening { eco name }';
const LISTS = `topGames(filter: $filter, first: ${GAMES_SHOWN}) { ${GAME_FIELDS} } recentGames(filter: $filter, first: ${GAMES_SHOWN}) { ${GAME_FIELDS} }`;

/**
 * A chess position: `fen` (the start when empty) and the moves `play`ed from it, with its opening
 * name and each move's.
 */
export async function exploreChess(fen: string, play: string[], filter: GameFilter | null): Promise<Explored> {
  const d = await gql<{
    chessPosition: Omit<Explored, 'kind' | 'text' | 'occurrenceCount'> & { fen: string; gameCount: number };
  }>(
    `query ExplorerChess($fen: String, $play: [String!], $filter: GameFilter) {
      chessPosition(fen: $fen, play: $play) {
        key fen sideToMove gameCount svg(size: 300) opening { eco name moves }
        moves(filter: $filter) { ${MOVE_FIELDS} opening { eco name } }
        ${LISTS}
      }
    }`,
    { fen: fen.trim() || null, play, filter },
  );
  const c = d.chessPosition;
  return { ...c, kind: 'CHESS', text: c.fen, occurrenceCount: c.gameCount };
}

/** The positions of `kind` that `text` names (`findPositions`), most occurrences first. */
export async function findCandidates(kind: GameKind, text: string): Promise<Candidate[]> {
  const d = await gql<{ findPositions: Candidate[] }>(
    'query ExplorerFind($text: String!) { findPositions(text: $text) { kind key text occurrenceCount } }',
    { text },
  ).catch((error: unknown) => {
    // The API's BAD_USER_INPUT for the text starts "text: ".
    if (error instanceof Error && error.message.startsWith('text: ')) throw new Error(`This names no position: ${error.message.slice('text: '.length)}`);
    throw error;
  });
  return d.findPositions.filter((p) => p.kind === kind).sort((a, b) => b.occurrenceCount - a.occurrenceCount);
}

/** A position of a game other than chess, by its key (any form `findPositions` reads). */
export async function exploreKey(kind: GameKind, key: string, filter: GameFilter | null): Promise<Explored | null> {
  const d = await gql<{ findPositions: (Omit<Explored, 'opening' | 'sideToMove'> & { sideToMove?: string | null })[] }>(
    `query ExplorerPosition($text: String!, $filter: GameFilter) {
      findPositions(text: $text) {
        kind key text occurrenceCount svg(size: 300)
        moves(filter: $filter) { ${MOVE_FIELDS} }
        ${LISTS}
      }
    }`,
    { text: key, filter },
  );
  const p = d.findPositions.find((x) => x.kind === kind && x.key === key) ?? d.findPositions.find((x) => x.kind === kind);
  return p ? { ...p, opening: null, sideToMove: null } : null;
}

/**
 * What the chess position box holds: a FEN (it has a `/`), or moves from the start with any move
 * numbers (`1. e4 c5 2. Nf3`) left out.
 */
export const readChessInput = (input: string): { fen: string; play: string[] } => {
  const text = input.trim();
  if (text === '' || text.includes('/')) return { fen: text, play: [] };
  const play = text
    .split(/\s+/)
    .map((t) => t.replace(/^\d+\.(\.\.)?/, '').replace(/^\d+…/, ''))
    .filter((t) => t !== '' && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t));
  return { fen: '', play };
};
