/**
 * What a replayed GCG game says of each player's scoring: per player the turns taken, the points
 * as tabula recomputes them, the bingos and the final score the file states; and the game's
 * score progression, event by event, stated beside recomputed. Pure: built from a `GameReplay`.
 *
 * Recomputed points follow the replay: a play, a withdrawal (minus the withdrawn play's
 * recomputed score) and end-rack points or a last-rack penalty count what the replay computed;
 * a pass or an exchange counts 0; a challenge bonus or penalty and a time penalty count what the
 * file states (nothing on the board decides them).
 *
 * A turn is a play (withdrawn or not), a pass or an exchange; challenge, time and end-rack lines
 * are not turns. A bingo is a play that places all seven rack tiles (the plays the replay gives
 * the bingo bonus), unless it was withdrawn.
 */
import { GameReplay } from './replay';
import { BINGO_TILES } from './scoring';
import { GcgEvent, GcgEventKind, GcgGame, gcgPragma } from './gcg';
import { THROUGH } from './tiles';

/** One player's figures over a game. */
export interface PlayerScoreSummary {
  /** 1 for `#player1`, 2 for `#player2`. */
  readonly side: 1 | 2;
  /** The nickname on the event lines. */
  readonly nick: string;
  /** Plays (withdrawn ones too), passes and exchanges. */
  readonly turns: number;
  /** Points as recomputed (see the module comment). */
  readonly points: number;
  /** Plays of all seven tiles that stood. */
  readonly bingos: number;
  /** The player's last cumulative score as the file states it (0 when the player has no event). */
  readonly statedScore: number;
}

/** One event of the score progression. */
export interface ScoreProgressionEntry {
  /** 1-based event number: the ply this event reaches, as `Game.mainLine` numbers plies. */
  readonly number: number;
  /** 1-based line of the event in the file. */
  readonly line: number;
  /** 1 or 2. */
  readonly side: 1 | 2;
  /** What the event is. */
  readonly kind: GcgEventKind;
  /** The move as GCG writes it, without rack and scores: `8D WINDY`, `--`, `-`, `-ABC`, `(challenge)`, `(time)`, `(OPEG)`. */
  readonly move: string;
  /** Whether this event counts as a turn (a play, pass or exchange). */
  readonly turn: boolean;
  /** Whether it is a play of all seven tiles that was not withdrawn. */
  readonly bingo: boolean;
  /** The event's score as the file states it. */
  readonly statedPoints: number;
  /** The event's score as recomputed. */
  readonly points: number;
  /** The player's cumulative score after the event, as stated. */
  readonly statedTotal: number;
  /** The player's cumulative score after the event, as recomputed (sum of `points`). */
  readonly total: number;
}

/** A game's figures: both players and the progression. */
export interface GameScoreSummary {
  /** Player 1 then player 2. */
  readonly players: readonly [PlayerScoreSummary, PlayerScoreSummary];
  /** One entry per event, in file order. */
  readonly progression: readonly ScoreProgressionEntry[];
}

/** The move of an event as GCG writes it, without nickname, rack and scores. */
export const gcgMoveOf = (e: GcgEvent): string => {
  switch (e.kind) {
    case 'play':
      return `${e.position} ${e.word}`;
    case 'withdrawal':
      return '--';
    case 'pass':
      return '-';
    case 'exchange':
      return `-${e.exchanged}`;
    case 'challenge':
      return '(challenge)';
    case 'timePenalty':
      return '(time)';
    case 'endRackPoints':
    case 'lastRackPenalty':
      return `(${e.tiles})`;
  }
};

const isTurn = (kind: GcgEventKind): boolean => kind === 'play' || kind === 'pass' || kind === 'exchange';

/** Sums a replayed game per player and lists its score progression (see the module comment). */
export const summarizeGcgGame = (game: Pick<GcgGame, 'players'>, replay: GameReplay): GameScoreSummary => {
  const turns = [0, 0];
  const totals = [0, 0];
  const stated = [0, 0];
  const bingo: boolean[] = [];
  // Index into `bingo` of each player's last play not yet withdrawn (the replay withdraws that one).
  const lastPlay: (number | undefined)[] = [undefined, undefined];
  const rows: Omit<ScoreProgressionEntry, 'bingo'>[] = [];
  for (const t of replay.turns) {
    const e = t.event;
    const p = t.player;
    let points: number;
    let isBingo = false;
    switch (e.kind) {
      case 'play': {
        points = t.computedScore ?? e.score;
        const last = t.position.options.lastMove;
        isBingo = last?.kind === 'play' && last.tiles.filter((x) => x !== THROUGH).length === BINGO_TILES;
        lastPlay[p] = rows.length;
        break;
      }
      case 'withdrawal': {
        points = t.computedScore ?? e.score;
        const k = lastPlay[p];
        if (k !== undefined) bingo[k] = false;
        lastPlay[p] = undefined;
        break;
      }
      case 'endRackPoints':
      case 'lastRackPenalty':
        points = t.computedScore ?? e.score;
        break;
      case 'pass':
      case 'exchange':
        points = 0;
        break;
      case 'challenge':
      case 'timePenalty':
        points = e.score;
        break;
    }
    if (isTurn(e.kind)) turns[p]++;
    totals[p] += points;
    stated[p] = e.cumulative;
    bingo.push(isBingo);
    rows.push({
      number: rows.length + 1,
      line: t.line,
      side: (p + 1) as 1 | 2,
      kind: e.kind,
      move: gcgMoveOf(e),
      turn: isTurn(e.kind),
      statedPoints: e.score,
      points,
      statedTotal: e.cumulative,
      total: totals[p],
    });
  }
  const progression = rows.map((r, k) => ({ ...r, bingo: bingo[k] }));
  const player = (p: 0 | 1): PlayerScoreSummary => ({
    side: (p + 1) as 1 | 2,
    nick: game.players[p]?.nick ?? '',
    turns: turns[p],
    points: totals[p],
    bingos: progression.filter((r) => r.bingo && r.side === p + 1).length,
    statedScore: stated[p],
  });
  return { players: [player(0), player(1)], progression };
};

/** The program that wrote the file, when it says: `#description Created with NAME` gives NAME. */
export const gcgSourceProgram = (game: Pick<GcgGame, 'pragmas'>): string | undefined => {
  const m = /^created with\s+(.+)$/i.exec(gcgPragma(game, 'description') ?? '');
  return m ? m[1].trim() : undefined;
};

/**
 * The rules a game states, as readable text: the lexicon (the replay's: `#lexicon` or the import
 * option) and the variant (`#variant`, or Woogles' game note `Variant: classic`), joined by
 * ", "; "" when neither is stated.
 */
export const gcgRuleset = (game: Pick<GcgGame, 'pragmas' | 'note'>, replay: Pick<GameReplay, 'lexicon'>): string => {
  const variant = gcgPragma(game, 'variant') ?? /^Variant:\s*(\S+)/im.exec(game.note ?? '')?.[1];
  return [replay.lexicon, variant].filter((s): s is string => s !== undefined && s !== '').join(', ');
};
