/**
 * Move applier: replays a GM[6] game from its start or setup the way gnubg
 * loads it, giving every ply its board, dice, cube, score and the canonical
 * `PositionID:MatchID` key gnubg shows after that ply (next player on roll).
 */
import { CodecError, Result, codecErrors, err, ok } from '../result';
import { matchIdOf } from './matchId';
import { OFF, pointName, pointOfLetterIndex } from './points';
import { checkPlay } from './legality';
import { checkPositionBoard, positionIdOf } from './positionId';
import { BackgammonGame, BgAction, BgNode, BgSetup, BoardProperty } from './sgfGame';
import { BAR, CubeOwner, GameState, MatchState, PositionBoard, RESIGNATION_WORDS, ResignationLevel, Seat, SideCheckers, emptySide, startingSide } from './types';

/** The error codes this module returns. */
export const REPLAY_ERRORS = ['ERR_BG_REPLAY_ILLEGAL_MOVE', 'ERR_BG_REPLAY_ORDER', 'ERR_BG_REPLAY_SETUP'] as const;
/** One of REPLAY_ERRORS. */
export type ReplayError = (typeof REPLAY_ERRORS)[number];
const replayError = codecErrors(REPLAY_ERRORS);

/** What a ply did. `start` = ply 0; `setup` = setup properties in mid-game; `resign` without a node = taken from `RE[…R]`. */
export type BgPlyKind = 'start' | 'move' | 'double' | 'beaver' | 'take' | 'drop' | 'resign' | 'accept' | 'reject' | 'setup';

/** One ply of a replayed game and the state reached after it. */
export interface BgPly {
  /** 0 = start or setup position; then 1, 2, … */
  number: number;
  kind: BgPlyKind;
  /** Index into `game.nodes` of the node that made this ply; null for ply 0 and for a resignation read from `RE`. */
  nodeIndex: number | null;
  /** Who acted (null for ply 0 and setup). */
  player: Seat | null;
  /** The action read from the file, if any. */
  action: BgAction | null;
  /** Human-readable move, gnubg style: `31: 8/5 6/5`, `64: bar/21*`, `11: no move`, `double`, `take`, `resign gammon`… */
  move: string;
  /** Both sides by seat (index 0 = White, 1 = Black), each in its own numbering. */
  seats: [SideCheckers, SideCheckers];
  /** The board as the Position ID holds it (from `match.diceOwner`'s side). */
  board: PositionBoard;
  match: MatchState;
  positionId: string;
  matchId: string;
  /** `PositionID:MatchID`, gnubg's GNUID form. */
  key: string;
}

/** A replayed game. */
export interface BgReplay {
  plies: BgPly[];
  /** Winner and points as the replay found them (undefined when the game did not end). */
  result?: { winner: Seat; points: number; resigned: boolean };
  /** Things gnubg would load silently but a reader should know (unplayed roll, RE disagreeing…). */
  warnings: string[];
}

interface State {
  seats: [SideCheckers, SideCheckers];
  move: Seat | -1;
  turn: Seat | -1;
  dice: [number, number];
  cube: number;
  owner: -1 | 0 | 1;
  doubled: boolean;
  resigned: ResignationLevel;
  turnBeforeResign: Seat | -1;
  gs: GameState;
  score: [number, number];
  crawford: boolean;
  jacoby: boolean;
  length: number;
}

const copySeats = (s: [SideCheckers, SideCheckers]): [SideCheckers, SideCheckers] => [s[0].slice(), s[1].slice()];

/** Starting side for a rules variation. */
export const initialSide = (variation: string | undefined): SideCheckers => {
  if (variation === undefined) return startingSide();
  const s = emptySide();
  if (variation === 'Nackgammon') {
    s[23] = 2;
    s[22] = 2;
    s[12] = 4;
    s[7] = 3;
    s[5] = 4;
  } else {
    const n = Number(variation.slice(-1)); // HypergammonN: N checkers on the 24, 23, 22 points
    for (let i = 0; i < n; i++) s[23 - i] = 1;
  }
  return s;
};

const OWNER_NAME: Record<string, CubeOwner> = { '-1': 'CENTERED', '0': 'PLAYER0', '1': 'PLAYER1' };

const matchStateOf = (s: State): MatchState => {
  const [a, b] = s.dice;
  return {
    cubeValue: s.cube,
    cubeOwner: OWNER_NAME[String(s.owner)],
    diceOwner: s.move === -1 ? 1 : s.move, // gnubg encodes "nobody" (−1) as 1
    crawford: s.crawford,
    gameState: s.gs,
    turn: s.turn === -1 ? 1 : s.turn,
    doubleOffered: s.doubled,
    resignation: s.resigned,
    dice: a >= b ? [a, b] : [b, a],
    matchLength: s.length,
    score: [s.score[0], s.score[1]],
    jacoby: s.jacoby,
  };
};

const sum = (side: SideCheckers): number => {
  let n = 0;
  for (let i = 0; i < 25; i++) n += side[i];
  return n;
};

/** Whether any checker of `own` can use at least one die of `dice` against `opp` (so a dice-only node is not a forced dance). */
export const hasLegalPlay = (own: SideCheckers, opp: SideCheckers, dice: [number, number]): boolean => {
  const open = (dest: number) => opp[23 - dest] < 2; // my point dest is the opponent's point 23 − dest
  for (const d of dice) {
    if (own[BAR] > 0) {
      if (open(24 - d)) return true; // entering from the bar lands on my (25 − d)-point
      continue;
    }
    let home = true;
    for (let i = 6; i < 25 && home; i++) if (own[i]) home = false;
    for (let i = 0; i < 24; i++) {
      if (!own[i]) continue;
      const dest = i - d;
      if (dest >= 0) {
        if (open(dest)) return true;
      } else if (home) {
        if (dest === -1) return true;
        let higher = false;
        for (let j = i + 1; j < 6; j++) if (own[j]) higher = true;
        if (!higher) return true;
      }
    }
  }
  return false;
};

/** The resignation level that gives up `points` with the cube at `cube`, 1..3 (gnubg's rounding). */
const levelOf = (points: number, cube: number): ResignationLevel => Math.min(3, Math.max(1, Math.floor(points / cube))) as ResignationLevel;

/** Replays one game; errors carry the node's offset (and `record` = node index) when a move cannot be applied. */
export const replayGame = (game: BackgammonGame): Result<BgReplay> => {
  const { info } = game;
  const warnings: string[] = [];
  const length = info.matchLength;
  // gnubg ignores a start score at or above the match length (sgf.c SetScore).
  const score: [number, number] = [0, 0];
  for (let p = 0; p < 2; p++) {
    const v = info.score[p];
    if (length > 0 && v >= length) warnings.push(`MI: start score ${v} of player ${p} is not below the match length; read as 0, as gnubg does`);
    else score[p] = v;
  }
  const s: State = {
    seats: [initialSide(info.rules.variation), initialSide(info.rules.variation)],
    move: -1,
    turn: -1,
    dice: [0, 0],
    cube: info.cubeValue,
    owner: -1,
    doubled: false,
    resigned: 0,
    turnBeforeResign: -1,
    gs: 'NO_GAME',
    score,
    crawford: length > 0 && info.rules.crawfordGame,
    jacoby: length === 0 && info.rules.jacoby,
    length,
  };
  const plies: BgPly[] = [];
  let result: BgReplay['result'];

  const fail = (code: ReplayError, message: string, index: number, node: BgNode): Result<never> => {
    const where: Partial<CodecError> = { record: index, field: node.action ? (node.action.player === 1 ? 'B' : 'W') : undefined };
    if (node.sgf.offset !== undefined) where.offset = node.sgf.offset;
    return err(replayError(code, `node ${index + 1}: ${message}`, where));
  };

  const push = (kind: BgPlyKind, nodeIndex: number | null, player: Seat | null, action: BgAction | null, move: string) => {
    const match = matchStateOf(s);
    const onRollSeat = match.diceOwner;
    const board: PositionBoard = { onRoll: s.seats[onRollSeat].slice(), opponent: s.seats[1 - onRollSeat].slice() };
    const positionId = positionIdOf(board);
    const matchId = matchIdOf(match);
    plies.push({ number: plies.length, kind, nodeIndex, player, action, move, seats: copySeats(s.seats), board, match, positionId, matchId, key: `${positionId}:${matchId}` });
  };

  const endGame = (winner: Seat, points: number, gs: GameState, resigned: boolean) => {
    s.gs = gs;
    s.score[winner] += points;
    result = { winner, points, resigned };
  };

  // Ply 0: setup nodes before the first action shape the start position.
  let i = 0;
  let setupSeen = false;
  for (; i < game.nodes.length && !game.nodes[i].action; i++) {
    const setup = game.nodes[i].setup;
    if (!setup) continue;
    applySetupTo(s, setup, setup.dice !== undefined);
    setupSeen = true;
  }
  if (setupSeen) {
    const bad = checkPositionBoard({ onRoll: s.seats[0], opponent: s.seats[1] });
    if (bad) return fail('ERR_BG_REPLAY_SETUP', `the setup position is illegal: ${bad.message}`, Math.max(0, i - 1), game.nodes[Math.max(0, i - 1)]);
  }
  const first = game.nodes[i]?.action;
  // play.c FixMatchState: the position before a roll or double is seen by its player.
  if (first && (first.kind === 'move' || first.kind === 'double') && s.turn !== first.player) s.move = s.turn = first.player;
  else if (s.move === -1) s.move = s.turn = first ? first.player : 0;
  s.gs = 'PLAYING';
  push('start', null, null, null, setupSeen ? 'setup' : 'start');

  for (; i < game.nodes.length; i++) {
    const node = game.nodes[i];
    const a = node.action;
    if (!a) {
      if (node.setup) {
        applySetupTo(s, node.setup, node.setup.dice !== undefined);
        const bad = checkPositionBoard({ onRoll: s.seats[0], opponent: s.seats[1] });
        if (bad) return fail('ERR_BG_REPLAY_SETUP', `the setup position is illegal: ${bad.message}`, i, node);
        push('setup', i, null, null, node.setup.dice ? `rolls ${node.setup.dice[0]}${node.setup.dice[1]}` : 'setup');
      }
      continue;
    }
    if (node.setup) applySetupTo(s, node.setup, true);
    const p = a.player;
    const o = (1 - p) as Seat;
    if (s.gs !== 'PLAYING') return fail('ERR_BG_REPLAY_ORDER', `'${a.kind}' after the game ended`, i, node);
    switch (a.kind) {
      case 'move': {
        if (s.doubled) return fail('ERR_BG_REPLAY_ORDER', 'a roll while a double is pending', i, node);
        if (s.resigned) return fail('ERR_BG_REPLAY_ORDER', 'a roll while a resignation is pending', i, node);
        const own = s.seats[p];
        const opp = s.seats[o];
        if (a.moves.length === 0 && hasLegalPlay(own, opp, a.dice))
          warnings.push(`node ${i + 1}: roll ${a.dice.join('')} with no checker moved although a play exists (a roll not yet played?); replayed as no move, as gnubg does`);
        const parts: string[] = [];
        // Legality first (the dice, the bar, bearing off, most dice / larger die: gnubg's rules); a roll with no step stays a warning above.
        let steps = a.moves;
        if (steps.length) {
          const checked = checkPlay(own, opp, a.dice, a.moves, p === 1 ? 'Black' : 'White');
          if (!checked.ok) return fail('ERR_BG_REPLAY_ILLEGAL_MOVE', checked.message, i, node);
          steps = checked.steps;
        }
        for (const m of steps) {
          own[m.from]--;
          let hit = false;
          if (m.to !== OFF) {
            // My point `to` is the opponent's point 23 − to.
            const n = opp[23 - m.to];
            if (n === 1) {
              opp[23 - m.to] = 0;
              opp[BAR]++;
              hit = true;
            }
            own[m.to]++;
          }
          parts.push(`${pointName(m.from)}/${pointName(m.to)}${hit ? '*' : ''}`);
        }
        const hi = Math.max(a.dice[0], a.dice[1]);
        const lo = Math.min(a.dice[0], a.dice[1]);
        const text = `${hi}${lo}: ${parts.length ? parts.join(' ') : 'no move'}`;
        s.dice = [0, 0];
        s.move = s.turn = o;
        if (sum(own) === 0) {
          // Borne off all: single, gammon if the loser has none off, backgammon if also on the bar or in the winner's home board.
          let n = 1;
          if (sum(opp) === 15) {
            n = 2;
            for (let k = 18; k < 25; k++) if (opp[k]) n = 3;
          }
          if (s.jacoby && s.owner === -1) n = 1; // Jacoby: no gammons with a centred cube (money)
          endGame(p, n * s.cube, 'OVER', false);
        }
        push('move', i, p, a, text);
        break;
      }
      case 'double': {
        if (s.resigned) return fail('ERR_BG_REPLAY_ORDER', 'a double while a resignation is pending', i, node);
        if (!s.doubled) {
          s.doubled = true;
          s.move = p;
          s.turn = o;
          s.dice = [0, 0];
          push('double', i, p, a, 'double');
        } else {
          if (s.turn !== p) return fail('ERR_BG_REPLAY_ORDER', 'a second double by the doubling player', i, node);
          // Beaver: the doubled player redoubles at once and keeps the cube; the original doubler decides.
          s.cube *= 2;
          s.owner = p;
          s.turn = o;
          push('beaver', i, p, a, 'beaver');
        }
        break;
      }
      case 'take':
      case 'drop': {
        if (!s.doubled) return fail('ERR_BG_REPLAY_ORDER', `'${a.kind}' without a double`, i, node);
        s.doubled = false;
        if (a.kind === 'take') {
          s.cube *= 2;
          s.owner = s.move === 0 ? 1 : 0; // the cube goes to the side that did not double
          s.turn = s.move;
        } else endGame(o, s.cube, 'DROPPED', false);
        push(a.kind, i, p, a, a.kind);
        break;
      }
      case 'resign': {
        const level = levelOf(a.points, s.cube);
        s.resigned = level;
        s.turnBeforeResign = s.turn;
        s.turn = o;
        push('resign', i, p, a, `resign ${RESIGNATION_WORDS[level]}`);
        break;
      }
      case 'accept':
      case 'reject': {
        if (!s.resigned) return fail('ERR_BG_REPLAY_ORDER', `'${a.kind}' without a resignation`, i, node);
        s.turn = s.turnBeforeResign;
        if (a.kind === 'accept') endGame(p, s.resigned * s.cube, 'RESIGNED', true);
        else s.resigned = 0;
        push(a.kind, i, p, a, a.kind);
        break;
      }
    }
  }

  const re = info.result;
  if (re && re.resigned && s.gs === 'PLAYING') {
    // gnubg writes no resign node: it adds a resignation by the loser from RE[…R], level = points / cube in 1..3.
    const level = levelOf(re.points, s.cube);
    s.resigned = level;
    s.doubled = false;
    endGame(re.winner, level * s.cube, 'RESIGNED', true);
    push('resign', null, (1 - re.winner) as Seat, null, `resign ${RESIGNATION_WORDS[level]}`);
  }
  if (re && (!result || result.winner !== re.winner || result.points !== re.points))
    warnings.push(
      `RE says ${re.winner === 1 ? 'B' : 'W'}+${re.points}${re.resigned ? 'R' : ''} but the replay ${result ? `gives ${result.winner === 1 ? 'B' : 'W'}+${result.points}` : 'does not end the game'}`,
    );
  return ok({ plies, result, warnings });
};

/** gnubg's board arrays (`ms.anBoard`) for the state: index 1 = the side on roll (White while nobody is), index 0 = the other. */
const boardArrays = (s: State): [SideCheckers, SideCheckers] =>
  s.move === 1 ? [s.seats[0].slice(), s.seats[1].slice()] : [s.seats[1].slice(), s.seats[0].slice()];

const GNUBG_ORDER: readonly BoardProperty[] = ['PL', 'AE', 'AW', 'AB'];

/**
 * Applies a node's setup properties the way gnubg loads them (sgf.c RestoreNode, play.c
 * ApplyMoveRecord). AE, AW and AB edit gnubg's board arrays in the order written, always reading
 * index 1 as White and index 0 as Black; a PL that changes the side on roll turns the arrays
 * (also from "nobody" to White). A node that edits the board becomes a set-board record, whose
 * key again reads index 1 as White: so when Black was on roll, or a PL made Black (or White,
 * from nobody) on roll before the record, the checkers change colour, as they do in gnubg. With
 * a move or DI in the same node (`otherRecord`) there is no set-board record: the arrays stay as
 * the side on roll sees them.
 */
const applySetupTo = (s: State, setup: BgSetup, otherRecord: boolean): void => {
  const raw = boardArrays(s);
  let edited = false;
  const read = setup.order ?? [];
  for (const id of [...read, ...GNUBG_ORDER.filter((g) => !read.includes(g))]) {
    if (id === 'AE' && setup.clear) {
      for (const i of setup.clear) {
        raw[1][pointOfLetterIndex(i, 0)] = 0;
        raw[0][pointOfLetterIndex(i, 1)] = 0;
      }
      edited = true;
    } else if (id === 'AW' && setup.white) {
      for (const i of setup.white) raw[1][pointOfLetterIndex(i, 0)]++;
      edited = true;
    } else if (id === 'AB' && setup.black) {
      for (const i of setup.black) raw[0][pointOfLetterIndex(i, 1)]++;
      edited = true;
    } else if (id === 'PL' && setup.player !== undefined) {
      if (s.move !== setup.player) raw.reverse(); // SwapSides
      s.move = s.turn = setup.player;
    }
  }
  if (edited && !otherRecord) {
    // MOVE_SETBOARD: index 1 of the key is White whoever is on roll; nobody on roll becomes White.
    s.seats = [raw[1], raw[0]];
    if (s.move === -1) s.move = s.turn = 0;
  } else s.seats = s.move === 1 ? [raw[0], raw[1]] : [raw[1], raw[0]];
  if (setup.dice) {
    s.dice = [setup.dice[0], setup.dice[1]];
    s.doubled = false;
  }
  if (setup.cubeValue !== undefined || setup.cubeOwner !== undefined) {
    // MOVE_SETCUBEVAL / MOVE_SETCUBEPOS: nobody on roll becomes White (no turn of the board); the turn returns to the roller.
    if (setup.cubeValue !== undefined) s.cube = setup.cubeValue;
    if (setup.cubeOwner !== undefined) s.owner = setup.cubeOwner === 'PLAYER0' ? 0 : setup.cubeOwner === 'PLAYER1' ? 1 : -1;
    if (s.move === -1) s.move = 0;
    s.turn = s.move;
    s.doubled = false;
  }
};

/** Replays every game of a file. */
export const replayGames = (games: BackgammonGame[]): Result<BgReplay[]> => {
  const out: BgReplay[] = [];
  for (let g = 0; g < games.length; g++) {
    const r = replayGame(games[g]);
    if (!r.ok) return err({ ...r.error, message: `game ${g}: ${r.error.message}` });
    out.push(r.value);
  }
  return ok(out);
};
