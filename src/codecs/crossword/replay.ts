/**
 * Replaying a GCG game: applies each event to a board, recomputes every play's score from the
 * premium squares (bingo bonus included), checks stated scores, withdrawals, end-rack points
 * and cumulative totals, and yields the position (a CgpPosition) after every event.
 *
 * Mismatches are warnings with the line number; events that cannot be applied at all (a word
 * off the board or over different tiles, unknown letters) are errors.
 *
 * Positions: the player to move after an event is the other player; their rack is the rack
 * written on their next event line, else the tiles of the opponent's end-rack event (unknown when
 * there is neither, or when it does not fit the bag);
 * the other rack is unknown; scores are the cumulative totals as written in the file.
 */
import { BoardLayout, CROSSWORD_GAME, SUPER_CROSSWORD_GAME, boardByName } from './boards';
import { CgpLastMove, CgpOptions, CgpPosition, RACK_SIZE } from './cgp';
import { parseCoordinate } from './coordinates';
import {
  DISTRIBUTION_NAMES,
  LetterDistribution,
  distributionByName,
  distributionForLexicon,
  tilePoints,
} from './distributions';
import { GcgEvent, GcgGame, gcgPragma, isUnknownRack } from './gcg';
import { DEFAULT_BINGO_BONUS, PLAY_ERRORS, scorePlay } from './scoring';
import { BLANK, BLANK_BIT, EMPTY, parseTiles } from './tiles';
import { Result, codecErrors, err, ok } from '../result';

/** The error codes this module returns. */
export const REPLAY_ERRORS = [
  ...PLAY_ERRORS,
  'GCG_BAD_POSITION',
  'GCG_BAD_TILES',
  'GCG_MISSING_PLAYERS',
  'GCG_NOTHING_TO_WITHDRAW',
  'UNKNOWN_BOARD_NAME',
  'UNKNOWN_LETTER_DISTRIBUTION',
] as const;
/** One of REPLAY_ERRORS. */
export type ReplayError = (typeof REPLAY_ERRORS)[number];
const replayError = codecErrors(REPLAY_ERRORS);

/** Overrides for what the file does not say. */
export interface ReplayOptions {
  /** Letter distribution name (else `#tile-distribution`, the lexicon, or the first that reads every tile). */
  readonly distribution?: string;
  /** Board name (else `#board-layout`, else by distribution). */
  readonly board?: string;
  /** Lexicon (else `#lexicon`). */
  readonly lexicon?: string;
  /** Bingo bonus (default 50). */
  readonly bingoBonus?: number;
}

/** A disagreement between the file and the replay. */
/** The codes of a replay's warnings: what the file states and the replay computes disagree. */
export const REPLAY_WARNINGS = ['SCORE_MISMATCH', 'CUMULATIVE_MISMATCH', 'RACK_MISMATCH', 'RACK_NOT_IN_BAG'] as const;
/** One of REPLAY_WARNINGS. */
export type ReplayWarningCode = (typeof REPLAY_WARNINGS)[number];

export interface ReplayWarning {
  /** 1-based line of the event. */
  readonly line: number;
  readonly code: ReplayWarningCode;
  /** For people. */
  readonly message: string;
  /** What tabula computed, when a number. */
  readonly computed?: number;
  /** What the file says, when a number. */
  readonly stated?: number;
}

/** One event and the position after it. */
export interface ReplayTurn {
  /** Index into `game.events`. */
  readonly eventIndex: number;
  /** 1-based line of the event. */
  readonly line: number;
  /** The event. */
  readonly event: GcgEvent;
  /** 0 for player 1, 1 for player 2. */
  readonly player: number;
  /** The score tabula computed for a play, withdrawal or end-rack event. */
  readonly computedScore?: number;
  /** The position after the event (player to move first). */
  readonly position: CgpPosition;
}

/** A replayed game. */
export interface GameReplay {
  /** The distribution used. */
  readonly distribution: LetterDistribution;
  /** The board used. */
  readonly layout: BoardLayout;
  /** The lexicon, if known. */
  readonly lexicon?: string;
  /** One entry per event. */
  readonly turns: readonly ReplayTurn[];
  /** Score and consistency warnings, in line order. */
  readonly warnings: readonly ReplayWarning[];
  /** Totals after the last event, by player number - 1. */
  readonly finalScores: readonly number[];
}

const tilesOf = (event: GcgEvent): string[] => {
  const out: string[] = [];
  if (!isUnknownRack(event.rack)) out.push(event.rack);
  if (event.kind === 'play') out.push(event.word.replace(/\./g, ''));
  if (event.kind === 'exchange' && !/^[0-9]+$/.test(event.exchanged)) out.push(event.exchanged);
  if (event.kind === 'endRackPoints' || event.kind === 'lastRackPenalty') out.push(event.tiles);
  return out;
};

const readsAll = (game: GcgGame, dist: LetterDistribution): boolean =>
  game.events.every((e) =>
    tilesOf(e).every((s) => parseTiles(s, dist, { allowBlank: true, allowDesignated: true }).ok),
  );

/** Picks the distribution: option, `#tile-distribution`, lexicon prefix, else the first (english first) that reads every tile. */
export const gcgDistribution = (game: GcgGame, options: ReplayOptions = {}): LetterDistribution | undefined => {
  const named = options.distribution ?? gcgPragma(game, 'tile-distribution') ?? gcgPragma(game, 'letter-distribution');
  if (named !== undefined) return distributionByName(named);
  const lexicon = options.lexicon ?? gcgPragma(game, 'lexicon');
  const fromLexicon = lexicon ? distributionForLexicon(lexicon) : undefined;
  if (fromLexicon) return distributionByName(fromLexicon);
  for (const name of DISTRIBUTION_NAMES) {
    const d = distributionByName(name) as LetterDistribution;
    if (name !== 'english_super' && readsAll(game, d)) return d;
  }
  return undefined;
};

const fail = (code: ReplayError, message: string, line: number, field?: string): Result<never> =>
  err(replayError(code, message, { line, ...(field ? { field } : {}) }));

/** Replays a parsed GCG game (see the module comment). */
export const replayGcg = (game: GcgGame, options: ReplayOptions = {}): Result<GameReplay> => {
  const dist = gcgDistribution(game, options);
  if (!dist) return fail('UNKNOWN_LETTER_DISTRIBUTION', 'no known letter distribution reads every tile of this game', 1);
  const boardName = options.board ?? gcgPragma(game, 'board-layout');
  let layout: BoardLayout | undefined = boardName !== undefined ? boardByName(boardName) : undefined;
  if (boardName !== undefined && !layout) return fail('UNKNOWN_BOARD_NAME', `unknown board "${boardName}"`, 1);
  if (!layout) layout = dist.name === 'english_super' ? SUPER_CROSSWORD_GAME : CROSSWORD_GAME;
  if (game.players.length !== 2) return fail('GCG_MISSING_PLAYERS', 'a game needs #player1 and #player2', 1);
  const lexicon = options.lexicon ?? gcgPragma(game, 'lexicon');
  const bingoBonus = options.bingoBonus ?? DEFAULT_BINGO_BONUS;

  const squares = new Uint8Array(layout.rows * layout.cols);
  const totals = [0, 0];
  const lastPlay: ({ placed: readonly number[]; score: number; zerosBefore: number } | undefined)[] = [undefined, undefined];
  let zeros = 0;
  let lastMove: CgpLastMove | undefined;
  const warnings: ReplayWarning[] = [];
  const turns: ReplayTurn[] = [];
  const warn = (line: number, code: ReplayWarningCode, message: string, computed?: number, stated?: number): void => {
    warnings.push({ line, code, message, ...(computed !== undefined ? { computed, stated } : {}) });
  };
  const playerOf = (nick: string): number => game.players.findIndex((p) => p.nick === nick);
  const rackOf = (s: string): number[] | undefined => {
    if (isUnknownRack(s)) return undefined; // absent, or Woogles' UNKNOWN (also when an event built in code carries it as text)
    const r = parseTiles(s, dist, { allowBlank: true });
    return r.ok && r.value.length <= RACK_SIZE ? r.value : undefined;
  };

  for (let ei = 0; ei < game.events.length; ei++) {
    const e = game.events[ei];
    const p = playerOf(e.nick);
    let computed: number | undefined;
    switch (e.kind) {
      case 'play': {
        const at = parseCoordinate(e.position, layout.rows, layout.cols);
        if (!at) return fail('GCG_BAD_POSITION', `"${e.position}" is not a square of the ${layout.name} board`, e.line, 'position');
        const word = parseTiles(e.word, dist, { allowDesignated: true, allowThrough: true });
        if (!word.ok) return fail('GCG_BAD_TILES', `word "${e.word}": ${word.error.message}`, e.line, 'word');
        const scored = scorePlay(squares, layout, dist, at, word.value, bingoBonus);
        // The scoring error keeps its own code (one of PLAY_ERRORS).
        if (!scored.ok) return err({ code: scored.error.code, message: `${e.position} ${e.word}: ${scored.error.message}`, line: e.line, field: 'word' });
        const { placed, tiles, score } = scored.value;
        computed = score;
        placed.forEach((sq, k) => (squares[sq] = tiles[k]));
        if (score !== e.score) warn(e.line, 'SCORE_MISMATCH', `${e.position} ${e.word} scores ${score}, the file says ${e.score}`, score, e.score);
        const rack = rackOf(e.rack);
        if (rack) {
          const left = [...rack];
          const missing = tiles.some((t) => {
            const k = left.indexOf(t & BLANK_BIT ? BLANK : t);
            if (k < 0) return true;
            left.splice(k, 1);
            return false;
          });
          if (missing) warn(e.line, 'RACK_MISMATCH', `${e.word} uses tiles not on the rack ${e.rack}`);
        }
        lastPlay[p] = { placed, score, zerosBefore: zeros };
        zeros = score > 0 ? 0 : zeros + 1;
        lastMove = { kind: 'play', coordinate: at, tiles: scored.value.word };
        break;
      }
      case 'withdrawal': {
        const lp = lastPlay[p];
        if (!lp) return fail('GCG_NOTHING_TO_WITHDRAW', 'a withdrawal (--) needs a play by the same player before it', e.line);
        for (const sq of lp.placed) squares[sq] = EMPTY;
        computed = -lp.score;
        if (computed !== e.score) warn(e.line, 'SCORE_MISMATCH', `withdrawing the play takes back ${lp.score}, the file says ${e.score}`, computed, e.score);
        zeros = lp.zerosBefore + 1;
        lastPlay[p] = undefined;
        if (lastMove?.kind === 'play') lastMove = { kind: 'phony', coordinate: lastMove.coordinate, tiles: lastMove.tiles };
        break;
      }
      case 'pass':
        zeros++;
        lastMove = { kind: 'pass' };
        break;
      case 'exchange': {
        zeros++;
        if (/^[0-9]+$/.test(e.exchanged)) lastMove = { kind: 'exchange', count: Number(e.exchanged) };
        else {
          const t = parseTiles(e.exchanged, dist, { allowBlank: true });
          if (!t.ok) return fail('GCG_BAD_TILES', `exchanged "${e.exchanged}": ${t.error.message}`, e.line, 'exchanged');
          lastMove = { kind: 'exchange', count: t.value.length, tiles: t.value };
        }
        break;
      }
      case 'endRackPoints':
      case 'lastRackPenalty': {
        const t = parseTiles(e.tiles, dist, { allowBlank: true });
        if (!t.ok) return fail('GCG_BAD_TILES', `rack "${e.tiles}": ${t.error.message}`, e.line, 'tiles');
        const value = tilePoints(dist, t.value);
        computed = e.kind === 'endRackPoints' ? 2 * value : -value;
        if (computed !== e.score) warn(e.line, 'SCORE_MISMATCH', `(${e.tiles}) is worth ${computed}, the file says ${e.score}`, computed, e.score);
        break;
      }
      case 'challenge':
      case 'timePenalty':
        break;
    }
    if (totals[p] + e.score !== e.cumulative) {
      warn(e.line, 'CUMULATIVE_MISMATCH', `${e.nick} had ${totals[p]}, ${signedText(e.score)} makes ${totals[p] + e.score}, the file says ${e.cumulative}`, totals[p] + e.score, e.cumulative);
    }
    totals[p] = e.cumulative;

    // The position after the event.
    const toMove = 1 - p;
    let rack: number[] | undefined;
    for (let k = ei + 1; k < game.events.length && rack === undefined; k++) {
      const next = game.events[k];
      if (playerOf(next.nick) === toMove) rack = rackOf(next.rack) ?? [];
    }
    if (rack === undefined) {
      // No later turn: the opponent's end-rack event (if any) shows what the player holds.
      const end = game.events.slice(ei).find((x) => x.kind === 'endRackPoints' && playerOf(x.nick) === p);
      rack = (end?.kind === 'endRackPoints' ? rackOf(end.tiles) : undefined) ?? [];
    }
    if (rack.length > 0 && !fitsBag(dist, squares, rack)) {
      warn(e.line, 'RACK_NOT_IN_BAG', `the rack of the player to move does not fit the bag after this event`);
      rack = [];
    }
    const opts: CgpOptions = {
      ...(lexicon !== undefined ? { lexicon } : {}),
      letterDistribution: dist.name,
      ...(layout !== CROSSWORD_GAME ? { boardName: layout.name } : {}),
      ...(bingoBonus !== DEFAULT_BINGO_BONUS ? { bingoBonus } : {}),
      ...(lastMove ? { lastMove } : {}),
    };
    const position: CgpPosition = {
      layout,
      distribution: dist,
      squares: squares.slice(),
      racks: [rack, []],
      scores: [totals[toMove], totals[p]],
      consecutiveZeros: zeros,
      options: opts,
      unknownOperations: [],
    };
    turns.push({ eventIndex: ei, line: e.line, event: e, player: p, ...(computed !== undefined ? { computedScore: computed } : {}), position });
  }
  return ok({ distribution: dist, layout, ...(lexicon !== undefined ? { lexicon } : {}), turns, warnings, finalScores: totals });
};

const signedText = (n: number): string => (n < 0 ? String(n) : `+${n}`);

const fitsBag = (dist: LetterDistribution, squares: Uint8Array, rack: readonly number[]): boolean => {
  const left = dist.tiles.map((t) => t.count);
  for (let q = 0; q < squares.length; q++) {
    const t = squares[q];
    if (t !== EMPTY) left[t & BLANK_BIT ? BLANK : t]--;
  }
  for (const t of rack) left[t]--;
  return left.every((n) => n >= 0);
};
