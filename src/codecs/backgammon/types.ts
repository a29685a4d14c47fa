/**
 * Plain data the backgammon codecs share: boards as the Position ID holds them
 * and match states as the Match ID holds them. Seats follow gnubg and the SGF
 * spec: player 0 = White = O, player 1 = Black = X.
 */

/** A seat: 0 = White (gnubg player 0, `O`), 1 = Black (gnubg player 1, `X`). */
export type Seat = 0 | 1;

/**
 * One side's checkers: 25 counts, index 0..23 = that side's own points 1..24
 * (counted from its own ace point), index 24 = its bar. Borne-off = 15 − sum.
 */
export type SideCheckers = number[];

/** A board as the Position ID holds it: the player on roll and the other one, each from its own side. */
export interface PositionBoard {
  onRoll: SideCheckers;
  opponent: SideCheckers;
}

/** Who owns the doubling cube (GraphQL enum names). */
export type CubeOwner = 'CENTERED' | 'PLAYER0' | 'PLAYER1';

/** Match ID game state, bits 8–10 (GraphQL enum names, in code order 0..4). */
export type GameState = 'NO_GAME' | 'PLAYING' | 'OVER' | 'RESIGNED' | 'DROPPED';

/**
 * Resignation offered or accepted, as gnubg keeps it (`fResigned`, Match ID bits 13–14):
 * 0 = none, 1 = a single game, 2 = a gammon, 3 = a backgammon (the points given up, times the cube).
 */
export type ResignationLevel = 0 | 1 | 2 | 3;

/** Everything a Match ID holds, decoded. */
export interface MatchState {
  /** Cube value, a power of two 1..32768 (during a pending double: the value before it). */
  cubeValue: number;
  cubeOwner: CubeOwner;
  /** Player on roll, or who rolled, or who doubled (gnubg `fMove`); the Position ID is from this side. */
  diceOwner: Seat;
  /** This game is the Crawford game. */
  crawford: boolean;
  gameState: GameState;
  /** Player who must act now (gnubg `fTurn`): differs from `diceOwner` during a double or resignation. */
  turn: Seat;
  doubleOffered: boolean;
  resignation: ResignationLevel;
  /** Larger die first; `[0, 0]` when not rolled. */
  dice: [number, number];
  /** 0 = money session. */
  matchLength: number;
  /** Player 0's and player 1's score (money: session points). */
  score: [number, number];
  /** The Jacoby rule is in use (money play only; always false in a match). */
  jacoby: boolean;
}

/** Game states in Match ID code order. */
export const GAME_STATES: readonly GameState[] = ['NO_GAME', 'PLAYING', 'OVER', 'RESIGNED', 'DROPPED'];

/** Each resignation level in words, as gnubg prints it (`resign gammon`): index = level. */
export const RESIGNATION_WORDS: readonly string[] = ['none', 'single', 'gammon', 'backgammon'];

/** Checkers per side in standard backgammon. */
export const CHECKERS_PER_SIDE = 15;

/** Index of the bar in a `SideCheckers` array. */
export const BAR = 24;

/** An empty side: 25 zero counts. */
export const emptySide = (): SideCheckers => [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/** One side of the standard starting position: 2 on the 24-point, 5 on 13, 3 on 8, 5 on 6. */
export const startingSide = (): SideCheckers => {
  const s = emptySide();
  s[23] = 2;
  s[12] = 5;
  s[7] = 3;
  s[5] = 5;
  return s;
};

/** Checkers borne off by each side of `board`: `[onRoll, opponent]`. */
export const borneOff = (board: PositionBoard): [number, number] => {
  let a = 0;
  let b = 0;
  for (let i = 0; i < 25; i++) {
    a += board.onRoll[i];
    b += board.opponent[i];
  }
  return [CHECKERS_PER_SIDE - a, CHECKERS_PER_SIDE - b];
};
