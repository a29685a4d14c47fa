/**
 * A stored backgammon game's main line replayed for pattern search, boards only, straight from its
 * source: no Position ID or Match ID is written, no list of legal plays is made, and nothing is
 * allocated per ply but a hit's continuation. The
 * plies are those of the import's replay (src/codecs/backgammon/replay.ts `replayGame`): the start,
 * then one per node with an action, then the resignation `RE[…R]` adds; each is handed to a
 * visitor with the kind of the move played next, and where the visitor keeps it (a hit) that move
 * is written as the import wrote it.
 *
 * A play's steps are played in the order the import's legality check (legality.ts `checkPlay`)
 * gives them: the first of their orders (the written one first) that plays each step with a die,
 * which decides where a hit is marked (`13/8* 8/5` against `8/5 13/8*`). A play that uses every
 * die is legal then; one that leaves a die unused is legal where gnubg's legal plays (the most
 * dice, then the most pips) reach its board, walked here as the codec walks them, on a stack of
 * boards rather than a set of board texts.
 *
 * An SGF source (the game's own tree) is scanned as bytes up to its main line's end (the codec's
 * SgfMainLineScanner), keeping of the root its match information (MI, RU, CV, RE) and of each node
 * its first move (B, W). A source this scanner does not read exactly as the import did (not UTF-8,
 * a byte order mark, an escape or a byte beyond ASCII in a value it reads, checkers set up after
 * the root (AE, AW, AB), a value the import would refuse) and a game whose replay stops (an action
 * out of order, a play that is not legal) give false, and the caller replays the game the generic
 * way. Setups that edit no checker (PL, DI, CV, CP, CO) are read: a node of them alone is a ply
 * once the game has started (`rolls 65`), as the import makes it. A .mat source is read by the
 * codec (as the import read it) and replayed here.
 */
import { isUtf8 } from 'node:buffer';
import type { BackgammonGame, BgGameInfo } from '../../codecs/backgammon/sgfGame';
import { SGF_END, SGF_KIND, SGF_NODE, SGF_PROPERTY, SGF_VALUE, SGF_VALUE_BEYOND_ASCII, SGF_VALUE_ESCAPED, SgfMainLineScanner } from '../../codecs/sgf';
import type { StoredPatternGame } from '../patterns';
import { storedMatGame } from './mat';
import { M, type MatchFields, ON_ROLL, OPPONENT } from './patternBoard';

/** The kind of move played next from a ply, as the pattern language tells decisions apart. */
export const NEXT_NONE = 0;
/** A roll played (`31: 8/5 6/5`, `11: no move`). */
export const NEXT_CHECKER = 1;
/** A cube action (`double`, `beaver`, `take`, `drop`). */
export const NEXT_CUBE = 2;
/** Anything else (a resignation offered, accepted or rejected). */
export const NEXT_OTHER = 3;

/**
 * What a replay hands each ply to. `at` is called at ply `ply` (0: the start) with the kind of the
 * move played next (NEXT_*); it reads the position from `replay` and returns true to be told that
 * move (`played`, right after, as the explorer shows it: the roll dropped) and whether the first
 * player (White) made it; not called after the last ply's `at`.
 */
export interface PlyVisitor {
  at(ply: number, next: number, replay: BackgammonReplay): boolean;
  played(move: string, byFirst: boolean): void;
}

// Action kinds of a node.
const A_NONE = 0;
const A_MOVE = 1;
const A_DOUBLE = 2;
const A_TAKE = 3;
const A_DROP = 4;
const A_RESIGN = 5;
const A_ACCEPT = 6;
const A_REJECT = 7;

// Game states, in Match ID code order.
const GS_PLAYING = 1;
const GS_OVER = 2;
const GS_RESIGNED = 3;
const GS_DROPPED = 4;

const BAR = 24;
const OFF = -1;
const RESIGNATION_WORDS = ['none', 'single', 'gammon', 'backgammon'];
/** No cube owner set. */
const NO_OWNER = -2;

/** The orders `orders` (legality.ts) tries a play's steps in, for 1 to 4 steps: index permutations, the written order first. */
const ORDERS: Int8Array[] = [new Int8Array(0)];
for (let n = 1; n <= 4; n++) {
  const out: number[] = [];
  const walk = (left: number[], done: number[]): void => {
    if (left.length === 0) {
      out.push(...done);
      return;
    }
    left.forEach((first, k) => walk([...left.slice(0, k), ...left.slice(k + 1)], [...done, first]));
  };
  walk(Array.from({ length: n }, (_, i) => i), []);
  ORDERS.push(Int8Array.from(out));
}

const pointName = (p: number): string => (p === BAR ? 'bar' : p === OFF ? 'off' : String(p + 1));

/** The root's match information as the import read it (sgfGame.ts `readRoot`). */
interface RootInfo {
  matchLength: number;
  score0: number;
  score1: number;
  crawfordGame: boolean;
  jacoby: boolean;
  variation: BgGameInfo['rules']['variation'];
  cubeValue: number;
  /** `RE`: winner seat, points, resigned; winner −1 when there is none. */
  resultWinner: number;
  resultPoints: number;
  resultResigned: boolean;
}

const newRoot = (): RootInfo => ({
  matchLength: 0, score0: 0, score1: 0, crawfordGame: false, jacoby: false, variation: undefined, cubeValue: 1,
  resultWinner: -1, resultPoints: 0, resultResigned: false,
});

/**
 * One game's replay state, reused from game to game (the search is synchronous, one game at a
 * time): both seats' checkers (seat 0, White, at 0..24; seat 1 at 25..49, each in its own
 * numbering, 24 its bar) and what the Match ID holds.
 */
export class BackgammonReplay {
  private readonly seats = new Int8Array(50);
  private move = -1;
  private turn = -1;
  private cube = 1;
  private owner = -1;
  private doubled = false;
  private resigned = 0;
  private turnBeforeResign = -1;
  private gs = 0;
  private score0 = 0;
  private score1 = 0;
  private crawford = false;
  private jacoby = false;
  private length = 0;
  /** Plies visited so far; the next ply's index. */
  private plies = 0;
  private visitor: PlyVisitor | null = null;
  /** Whether the game's first action was read (ply 0 is visited then, or at the end). */
  private started = false;

  // The node being read: its action, as scanned.
  action = A_NONE;
  player = 0;
  dice0 = 0;
  dice1 = 0;
  steps = 0;
  readonly from = new Int8Array(4);
  readonly to = new Int8Array(4);
  resignPoints = 0;
  /** Whether the node has a setup (its fields below; one that edits checkers is not read here). */
  setup = false;
  /** PL: the seat on roll, −1 none. */
  setupPlayer = -1;
  /** DI: the dice as written, 0 none. */
  setupDice0 = 0;
  setupDice1 = 0;
  /** CV: the cube, 0 none. */
  setupCube = 0;
  /** CP, CO: the owner (−1 centred), NO_OWNER none. */
  setupOwner = NO_OWNER;
  /** Whether the first player acts at the ply whose next move the visitor wants told. */
  private byFirst = false;

  // The play: the dice left, the order its steps are played in, whether each step (in that order) hit.
  private readonly rest = new Int8Array(4);
  private readonly order = new Int8Array(4);
  private readonly hit = new Uint8Array(4);
  /** A copy of the board an order is tried on: the side playing (0..24), then the other (25..49). */
  private readonly copy = new Int8Array(50);
  // Scratch of the legal plays' walk: a board per die used (the side playing, then the other), the dice in walking order, the best found.
  private readonly stack = new Int8Array(5 * 50);
  private readonly walkDice = new Int8Array(4);
  private bestDice = 0;
  private bestPips = 0;
  private bestHasReached = false;

  /** The position as the pattern board holds it (patternBoard.ts): the side not on roll at OPPONENT, the side on roll at ON_ROLL. */
  boardInto(board: Int8Array): void {
    const onRoll = this.move === -1 ? 1 : this.move;
    const a = onRoll * 25;
    const b = 25 - a;
    const s = this.seats;
    for (let i = 0; i < 25; i++) {
      board[ON_ROLL + i] = s[a + i];
      board[OPPONENT + i] = s[b + i];
    }
  }

  /** The position's Match ID fields as `decodeMatchInto` reads them (matchId.ts `matchIdOf`'s bits). */
  matchInto(m: MatchFields): void {
    m[M.cubeLog2] = (31 - Math.clz32(this.cube)) & 15;
    m[M.owner] = this.owner === -1 ? 3 : this.owner;
    m[M.onRoll] = this.move === -1 ? 1 : this.move;
    m[M.crawford] = this.crawford ? 1 : 0;
    m[M.state] = this.gs;
    m[M.turn] = this.turn === -1 ? 1 : this.turn;
    m[M.doubleOffered] = this.doubled ? 1 : 0;
    m[M.resignation] = this.resigned;
    m[M.matchLength] = this.length & 0x7fff;
    m[M.score0] = this.score0 & 0x7fff;
    m[M.score1] = this.score1 & 0x7fff;
  }

  /** Starts a game from the root's information (replay.ts `replayGame`'s state before the first node). */
  begin(root: RootInfo, visitor: PlyVisitor): void {
    const length = root.matchLength;
    // gnubg ignores a start score at or above the match length.
    this.score0 = length > 0 && root.score0 >= length ? 0 : root.score0;
    this.score1 = length > 0 && root.score1 >= length ? 0 : root.score1;
    initialSide(this.seats, 0, root.variation);
    initialSide(this.seats, 25, root.variation);
    this.move = -1;
    this.turn = -1;
    this.cube = root.cubeValue;
    this.owner = -1;
    this.doubled = false;
    this.resigned = 0;
    this.turnBeforeResign = -1;
    this.gs = 0;
    this.crawford = length > 0 && root.crawfordGame;
    this.jacoby = length === 0 && root.jacoby;
    this.length = length;
    this.plies = 0;
    this.visitor = visitor;
    this.started = false;
    this.clearNode();
  }

  /** Forgets the node read, before the next is read. */
  clearNode(): void {
    this.action = A_NONE;
    this.setup = false;
    this.setupPlayer = -1;
    this.setupDice0 = this.setupDice1 = 0;
    this.setupCube = 0;
    this.setupOwner = NO_OWNER;
  }

  /**
   * Visits the ply reached, with the kind of the move played next; whether the visitor wants that
   * move written (`tell`), by the side that acts at this ply.
   */
  private visit(next: number): boolean {
    const wanted = this.visitor!.at(this.plies++, next, this);
    if (wanted) this.byFirst = (this.turn === -1 ? 1 : this.turn) === 0;
    return wanted;
  }

  private tell(move: string): void {
    this.visitor!.played(move, this.byFirst);
  }

  /**
   * Plays the node read (`action` and the fields after it, `setup` and the setup fields): false
   * where the import's replay would have stopped. A node with a setup and no action is a ply of
   * its own once the game started (before, it shapes the start).
   */
  node(): boolean {
    const a = this.action;
    if (a === A_NONE) {
      if (!this.setup) return true;
      if (this.started && this.visit(NEXT_OTHER)) this.tell(this.setupDice0 > 0 ? `rolls ${this.setupDice0}${this.setupDice1}` : 'setup');
      this.applySetup();
      return true;
    }
    const p = this.player;
    if (!this.started) {
      // play.c FixMatchState: the position before a roll or double is seen by its player.
      if ((a === A_MOVE || a === A_DOUBLE) && this.turn !== p) this.move = this.turn = p;
      else if (this.move === -1) this.move = this.turn = p;
      this.gs = GS_PLAYING;
      this.started = true;
    }
    // The ply before is visited as it was: a setup beside the action applies after it.
    const wanted = this.visit(a === A_MOVE ? NEXT_CHECKER : a === A_RESIGN || a === A_ACCEPT || a === A_REJECT ? NEXT_OTHER : NEXT_CUBE);
    if (this.setup) this.applySetup();
    if (this.gs !== GS_PLAYING) return false;
    const o = 1 - p;
    switch (a) {
      case A_MOVE: {
        if (this.doubled || this.resigned) return false;
        return this.play(p, wanted);
      }
      case A_DOUBLE: {
        if (this.resigned) return false;
        if (this.doubled && this.turn !== p) return false;
        if (wanted) this.tell(this.doubled ? 'beaver' : 'double');
        if (!this.doubled) {
          this.doubled = true;
          this.move = p;
          this.turn = o;
        } else {
          // A beaver: the doubled player redoubles at once and keeps the cube.
          this.cube *= 2;
          this.owner = p;
          this.turn = o;
        }
        return true;
      }
      case A_TAKE:
      case A_DROP: {
        if (!this.doubled) return false;
        if (wanted) this.tell(a === A_TAKE ? 'take' : 'drop');
        this.doubled = false;
        if (a === A_TAKE) {
          this.cube *= 2;
          this.owner = this.move === 0 ? 1 : 0;
          this.turn = this.move;
        } else this.endGame(o, this.cube, GS_DROPPED);
        return true;
      }
      case A_RESIGN: {
        const level = levelOf(this.resignPoints, this.cube);
        if (wanted) this.tell(`resign ${RESIGNATION_WORDS[level]}`);
        this.resigned = level;
        this.turnBeforeResign = this.turn;
        this.turn = o;
        return true;
      }
      default: {
        // accept, reject
        if (!this.resigned) return false;
        if (wanted) this.tell(a === A_ACCEPT ? 'accept' : 'reject');
        this.turn = this.turnBeforeResign;
        if (a === A_ACCEPT) this.endGame(p, this.resigned * this.cube, GS_RESIGNED);
        else this.resigned = 0;
        return true;
      }
    }
  }

  /**
   * Applies the node's setup as replay.ts `applySetupTo` does where it edits no checker (PL, DI,
   * CV, CP, CO): the side on roll (a PL before anyone was on roll that names White turns the board,
   * as gnubg's arrays do), the dice (a double offered is gone), the cube (nobody on roll becomes White,
   * the turn returns to the roller).
   */
  private applySetup(): void {
    const player = this.setupPlayer;
    if (player >= 0) {
      if (this.move === -1 && player === 0) {
        const s = this.seats;
        for (let i = 0; i < 25; i++) {
          const t = s[i];
          s[i] = s[25 + i];
          s[25 + i] = t;
        }
      }
      this.move = this.turn = player;
    }
    if (this.setupDice0 > 0) this.doubled = false;
    if (this.setupCube > 0 || this.setupOwner !== NO_OWNER) {
      if (this.setupCube > 0) this.cube = this.setupCube;
      if (this.setupOwner !== NO_OWNER) this.owner = this.setupOwner;
      if (this.move === -1) this.move = 0;
      this.turn = this.move;
      this.doubled = false;
    }
  }

  /** Ends the game: the last ply, after the resignation `RE[…R]` adds where the game did not end. */
  end(root: RootInfo): void {
    if (!this.started) {
      if (this.move === -1) this.move = this.turn = 0;
      this.gs = GS_PLAYING;
      this.started = true;
    }
    if (root.resultWinner >= 0 && root.resultResigned && this.gs === GS_PLAYING) {
      // gnubg writes no resign node: it adds a resignation by the loser from RE[…R].
      const level = levelOf(root.resultPoints, this.cube);
      // Its turn is the loser's: the player who acts is unchanged, the move is the resignation.
      if (this.visit(NEXT_OTHER)) this.tell(`resign ${RESIGNATION_WORDS[level]}`);
      this.resigned = level;
      this.doubled = false;
      this.endGame(root.resultWinner, level * this.cube, GS_RESIGNED);
    }
    this.visit(NEXT_NONE);
  }

  private endGame(winner: number, points: number, gs: number): void {
    this.gs = gs;
    if (winner === 0) this.score0 += points;
    else this.score1 += points;
  }

  /**
   * Plays the roll of the node by `p`: its steps in the order the import's check gives, hits
   * marked; the move written for the visitor when `wanted`. False when the check refuses the play.
   */
  private play(p: number, wanted: boolean): boolean {
    const n = this.steps;
    const s = this.seats;
    const own = p * 25;
    const opp = 25 - own;
    const order = this.order;
    if (n > 0 && !(n === (this.dice0 === this.dice1 ? 4 : 2) && this.playWritten(p))) {
      // Another order, or a die left unused: found on a copy, then played.
      if (!this.orderOfSteps(p)) return false;
      for (let k = 0; k < n; k++) {
        const j = order[k];
        this.hit[k] = playStep(s, own, opp, this.from[j], this.to[j]);
      }
    }
    if (wanted) {
      let text = n > 0 ? '' : 'no move';
      for (let k = 0; k < n; k++) {
        const j = order[k];
        text += `${k > 0 ? ' ' : ''}${pointName(this.from[j])}/${pointName(this.to[j])}${this.hit[k] ? '*' : ''}`;
      }
      this.tell(text);
    }
    this.move = this.turn = 1 - p;
    let left = 0;
    for (let i = 0; i < 25; i++) left += s[own + i];
    if (left === 0) {
      // Borne off all: single, gammon if the loser has none off, backgammon if also on the bar or in the winner's home board.
      let points = 1;
      let oppLeft = 0;
      for (let i = 0; i < 25; i++) oppLeft += s[opp + i];
      if (oppLeft === 15) {
        points = 2;
        for (let k = 18; k < 25; k++) if (s[opp + k]) points = 3;
      }
      if (this.jacoby && this.owner === -1) points = 1;
      this.endGame(p, points * this.cube, GS_OVER);
    }
    return true;
  }

  /** The roll's dice as the import's check uses them up (`rest`): a double's four, else the larger first; how many. */
  private rollDice(): number {
    const rest = this.rest;
    if (this.dice0 === this.dice1) {
      rest[0] = rest[1] = rest[2] = rest[3] = this.dice0;
      return 4;
    }
    rest[0] = Math.max(this.dice0, this.dice1);
    rest[1] = Math.min(this.dice0, this.dice1);
    return 2;
  }

  /**
   * A play that uses every die, played on the board in its written order where each step plays
   * with a die (the order the import's check tries first, and then keeps): its hits in `hit`,
   * `order` the written one. Where a step does not play, the steps played are taken back and false.
   */
  private playWritten(p: number): boolean {
    const n = this.steps;
    const s = this.seats;
    const own = p * 25;
    const opp = 25 - own;
    let dice = this.rollDice();
    for (let k = 0; k < n; k++) {
      const die = stepDie(s, own, opp, this.from[k], this.to[k], this.rest, dice);
      if (die < 0) {
        for (let u = k - 1; u >= 0; u--) unplayStep(s, own, opp, this.from[u], this.to[u], this.hit[u]);
        return false;
      }
      useDie(this.rest, die, dice--);
      this.hit[k] = playStep(s, own, opp, this.from[k], this.to[k]);
      this.order[k] = k;
    }
    return true;
  }

  /**
   * The order the import's `checkPlay` plays the node's steps in (into `this.order`): the first
   * of their orders that plays every step with a die of the roll (legality.ts `playSteps`). A play
   * that uses every die is legal then; one that uses fewer is when gnubg lists the board it reaches
   * (`reachedIsLegal`). Null when the check refuses it.
   */
  private orderOfSteps(p: number): Int8Array | null {
    const n = this.steps;
    if (n > 4) return null;
    const dice = this.dice0 === this.dice1 ? 4 : 2;
    const orders = ORDERS[n];
    for (let at = 0; at < orders.length; at += n) {
      if (!this.playsInOrder(p, orders, at)) continue;
      for (let k = 0; k < n; k++) this.order[k] = orders[at + k];
      // Every order that plays reaches the same board: a play that uses every die is legal, one that leaves a die unused is when gnubg lists its board.
      return n === dice || this.reachedIsLegal(p) ? this.order : null;
    }
    return null;
  }

  /** legality.ts `playSteps` on a copy of the board (`copy`: the side playing, then the other): whether the steps, in this order, each play with a die. */
  private playsInOrder(p: number, orders: Int8Array, at: number): boolean {
    const n = this.steps;
    const s = this.seats;
    const c = this.copy;
    const ownAt = p * 25;
    const oppAt = 25 - ownAt;
    for (let i = 0; i < 25; i++) {
      c[i] = s[ownAt + i];
      c[25 + i] = s[oppAt + i];
    }
    let dice = this.rollDice();
    for (let k = 0; k < n; k++) {
      const j = orders[at + k];
      const die = stepDie(c, 0, 25, this.from[j], this.to[j], this.rest, dice);
      if (die < 0) return false;
      useDie(this.rest, die, dice--);
      playStep(c, 0, 25, this.from[j], this.to[j]);
    }
    return true;
  }

  /**
   * Whether the board a play that leaves a die unused reached (`copy`, as `playsInOrder` left it) is one of gnubg's legal plays, as legality.ts `legalPlays` lists them: every
   * sequence of steps (the larger die first, then the smaller first; a double's four) walked as
   * gnubg's `GenerateMoves` walks it, its boards kept where it uses the most dice, then the most
   * pips. Walked here on a stack of boards, nothing allocated.
   */
  private reachedIsLegal(p: number): boolean {
    const s = this.seats;
    const st = this.stack;
    const ownAt = p * 25;
    const oppAt = 25 - ownAt;
    for (let i = 0; i < 25; i++) {
      st[i] = s[ownAt + i];
      st[25 + i] = s[oppAt + i];
    }
    this.bestDice = 0;
    this.bestPips = 0;
    this.bestHasReached = false;
    const d = this.walkDice;
    if (this.dice0 === this.dice1) {
      d[0] = d[1] = d[2] = d[3] = this.dice0;
      this.walk(0, 4, 0);
    } else {
      d[0] = Math.max(this.dice0, this.dice1);
      d[1] = Math.min(this.dice0, this.dice1);
      this.walk(0, 2, 0);
      d[0] = Math.min(this.dice0, this.dice1);
      d[1] = Math.max(this.dice0, this.dice1);
      this.walk(0, 2, 0);
    }
    return this.bestHasReached;
  }

  /** legality.ts `legalPlays`'s walk from the board at `level` of the stack (`level` dice used, `pips` of them). */
  private walk(level: number, dice: number, pips: number): void {
    if (level === dice) {
      this.save(level, pips);
      return;
    }
    const st = this.stack;
    const at = level * 50;
    const die = this.walkDice[level];
    let moved = false;
    const bar = st[at + BAR] > 0;
    for (let from = bar ? BAR : 23; from >= 0; from--) {
      if (st[at + from] > 0 && legalStep(st, at, from, die)) {
        moved = true;
        const next = at + 50;
        st.copyWithin(next, at, next);
        const to = from - die < 0 ? OFF : from - die;
        st[next + from]--;
        if (to !== OFF) {
          if (st[next + 25 + 23 - to] === 1) {
            st[next + 25 + 23 - to] = 0;
            st[next + 25 + BAR]++;
          }
          st[next + to]++;
        }
        this.walk(level + 1, dice, pips + die);
      }
      // On the bar, the bar is the only source.
      if (bar) break;
    }
    if (!moved) this.save(level, pips);
  }

  /** legality.ts `legalPlays`'s save: the boards of the most dice, then the most pips; whether the board reached is among them. */
  private save(level: number, pips: number): void {
    const used = level;
    if (used < this.bestDice || pips < this.bestPips) return;
    if (used > this.bestDice || pips > this.bestPips) this.bestHasReached = false;
    this.bestDice = used;
    this.bestPips = pips;
    if (this.bestHasReached) return;
    const st = this.stack;
    const at = level * 50;
    const c = this.copy;
    for (let i = 0; i < 50; i++) if (st[at + i] !== c[i]) return;
    this.bestHasReached = true;
  }
}

/** legality.ts `legalStep` (gnubg `LegalMove`) on the stack's board at `at` (its own side, then the other's at `at + 25`). */
const legalStep = (st: Int8Array, at: number, from: number, die: number): boolean => {
  const dest = from - die;
  if (dest >= 0) return st[at + 25 + 23 - dest] <= 1;
  let back = 24;
  while (back >= 0 && st[at + back] === 0) back--;
  return back <= 5 && (from === back || dest === -1);
};

/**
 * legality.ts `playSteps` and `RollChecker.step` for one step on board `b` (the side playing at
 * `own`, the other at `opp`, each 25 entries): the index in `rest` (its first `dice` entries) of
 * the die it plays with, or −1 when it does not play.
 */
const stepDie = (b: Int8Array, own: number, opp: number, from: number, to: number, rest: Int8Array, dice: number): number => {
  if (!(b[own + from] > 0) || to === BAR) return -1;
  if (to !== OFF && (b[opp + 23 - to] >= 2 || to >= from)) return -1;
  if (b[own + BAR] > 0 && from !== BAR) return -1;
  const pips = to === OFF ? from + 1 : from - to;
  if (to === OFF) {
    // Bearing off: every checker home.
    for (let i = 6; i < 25; i++) if (b[own + i] > 0) return -1;
  }
  for (let d = 0; d < dice; d++) if (rest[d] === pips) return d;
  if (to !== OFF) return -1;
  // A larger die bears off only from the highest point: the smallest such die.
  let larger = -1;
  for (let d = 0; d < dice; d++) if (rest[d] > pips && (larger < 0 || rest[d] < rest[larger])) larger = d;
  if (larger < 0) return -1;
  let back = 24;
  while (back >= 0 && b[own + back] === 0) back--;
  return back === from ? larger : -1;
};

/** Takes die `d` out of the first `dice` entries of `rest`, keeping the others' order. */
const useDie = (rest: Int8Array, d: number, dice: number): void => {
  for (let i = d; i < dice - 1; i++) rest[i] = rest[i + 1];
};

/** Plays a step on board `b` (as `stepDie`), hitting a blot: whether it hit. */
const playStep = (b: Int8Array, own: number, opp: number, from: number, to: number): number => {
  b[own + from]--;
  if (to === OFF) return 0;
  // My point `to` is the opponent's point 23 − to.
  let hit = 0;
  if (b[opp + 23 - to] === 1) {
    b[opp + 23 - to] = 0;
    b[opp + BAR]++;
    hit = 1;
  }
  b[own + to]++;
  return hit;
};

/** Takes back a step `playStep` played. */
const unplayStep = (b: Int8Array, own: number, opp: number, from: number, to: number, hit: number): void => {
  if (to !== OFF) {
    b[own + to]--;
    if (hit) {
      b[opp + 23 - to] = 1;
      b[opp + BAR]--;
    }
  }
  b[own + from]++;
};

/** The resignation level that gives up `points` with the cube at `cube`, 1..3 (gnubg's rounding). */
const levelOf = (points: number, cube: number): number => Math.min(3, Math.max(1, Math.floor(points / cube)));

/** One side's start (replay.ts `initialSide`) at `at` of `seats`. */
const initialSide = (seats: Int8Array, at: number, variation: RootInfo['variation']): void => {
  seats.fill(0, at, at + 25);
  if (variation === undefined) {
    seats[at + 23] = 2;
    seats[at + 12] = 5;
    seats[at + 7] = 3;
    seats[at + 5] = 5;
  } else if (variation === 'Nackgammon') {
    seats[at + 23] = 2;
    seats[at + 22] = 2;
    seats[at + 12] = 4;
    seats[at + 7] = 3;
    seats[at + 5] = 4;
  } else {
    const n = Number(variation.slice(-1));
    for (let i = 0; i < n; i++) seats[at + 23 - i] = 1;
  }
};

// ---------------------------------------------------------------- SGF

const isUpper = (c: number): boolean => c >= 0x41 && c <= 0x5a;
/** ECMAScript's `trim` on ASCII text: tab, line feed, vertical tab, form feed, carriage return, space. */
const isTrimmed = (c: number): boolean => (c >= 0x09 && c <= 0x0d) || c === 0x20;

/** What a property is to the replay (its id with lower-case letters dropped, as gnubg reads FF[3] ids). */
const P_OTHER = 0;
const P_B = 1;
const P_W = 2;
/** AE, AW, AB after the root: checkers edited, not read here. */
const P_EDIT = 3;
const P_MI = 4;
const P_RU = 5;
const P_CV = 6;
const P_RE = 7;
const P_PL = 8;
const P_DI = 9;
/** CV after the root: a setup. */
const P_SET_CUBE = 10;
/** CP, CO after the root. */
const P_CUBE_OWNER = 11;

/** Upper-case letters of an id packed (up to 3: `AE` is 0x4145), 0 past three. */
const propOf = (packed: number, letters: number, root: boolean): number => {
  if (letters === 1) return packed === 0x42 ? P_B : packed === 0x57 ? P_W : P_OTHER;
  if (letters !== 2) return P_OTHER;
  switch (packed) {
    case 0x4145: // AE
    case 0x4157: // AW
    case 0x4142: // AB
      return root ? P_OTHER : P_EDIT;
    case 0x504c: // PL
      return root ? P_OTHER : P_PL;
    case 0x4449: // DI
      return root ? P_OTHER : P_DI;
    case 0x4350: // CP
    case 0x434f: // CO
      return root ? P_OTHER : P_CUBE_OWNER;
    case 0x4356: // CV
      return root ? P_CV : P_SET_CUBE;
    case 0x4d49: // MI
      return root ? P_MI : P_OTHER;
    case 0x5255: // RU
      return root ? P_RU : P_OTHER;
    case 0x5245: // RE
      return root ? P_RE : P_OTHER;
    default:
      return P_OTHER;
  }
};

const ascii = (b: Uint8Array, start: number, end: number): string => {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(b[i]);
  return s;
};

const parseIntStrict = (s: string): number | undefined => (/^\s*[+-]?\d+\s*$/.test(s) ? parseInt(s, 10) : undefined);

/** A root value read as sgfGame.ts `readRoot` reads it; false where the import would have refused the game. */
const readRootValue = (root: RootInfo, prop: number, v: string, first: boolean): boolean => {
  if (prop === P_MI) {
    const c = v.indexOf(':');
    const tag = c < 0 ? v : v.slice(0, c);
    if (tag !== 'length' && tag !== 'game' && tag !== 'ws' && tag !== 'bs') return true;
    const n = parseIntStrict(v.slice(c + 1));
    if (n === undefined || n < 0) return false;
    if (tag === 'length') root.matchLength = n;
    else if (tag === 'ws') root.score0 = n;
    else if (tag === 'bs') root.score1 = n;
    return true;
  }
  // RU, CV and RE read their first value only.
  if (!first) return true;
  if (prop === P_RU) {
    for (const name of v.split(':')) {
      if (name === 'CrawfordGame') root.crawfordGame = true;
      else if (name === 'Jacoby') root.jacoby = true;
      else if (name === 'Nackgammon' || name === 'Hypergammon1' || name === 'Hypergammon2' || name === 'Hypergammon3') root.variation = name;
    }
    return true;
  }
  if (prop === P_CV) {
    const n = parseIntStrict(v);
    if (n === undefined || n < 1 || n > 32768 || (n & (n - 1)) !== 0) return false;
    root.cubeValue = n;
    return true;
  }
  const m = /^([BbWw])\+(\d+)(.*)$/.exec(v.trim());
  if (m) {
    root.resultWinner = m[1].toUpperCase() === 'B' ? 1 : 0;
    root.resultPoints = Math.max(1, parseInt(m[2], 10));
    root.resultResigned = /^[Rr]/.test(m[3]);
  }
  return true;
};

/** A setup value as sgfGame.ts `readSetupProperty` reads it (PL, DI, CV, CP, CO: the first value); false where the import refused it. */
const readSetupValue = (r: BackgammonReplay, prop: number, v: string): boolean => {
  r.setup = true;
  if (prop === P_PL) {
    // sgf.c RestoreNode: only a first character `B` means Black.
    r.setupPlayer = v.startsWith('B') ? 1 : 0;
    return true;
  }
  const t = v.trim();
  if (prop === P_DI) {
    const d1 = t.charCodeAt(0) - 48;
    const d2 = t.charCodeAt(1) - 48;
    if (t.length !== 2 || !(d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6)) return false;
    r.setupDice0 = d1;
    r.setupDice1 = d2;
    return true;
  }
  if (prop === P_SET_CUBE) {
    const n = parseIntStrict(t);
    if (n === undefined || n < 1 || n > 32768 || (n & (n - 1)) !== 0) return false;
    r.setupCube = n;
    return true;
  }
  if (t !== 'c' && t !== 'w' && t !== 'b' && t !== 'n') return false;
  r.setupOwner = t === 'w' ? 0 : t === 'b' ? 1 : -1;
  return true;
};

const wordIs = (b: Uint8Array, start: number, end: number, word: string): boolean => {
  if (end - start !== word.length) return false;
  for (let i = 0; i < word.length; i++) if (b[start + i] !== word.charCodeAt(i)) return false;
  return true;
};

/** A point letter as sgfGame.ts `pointOfLetter` reads it for `player` (24 the bar, −1 off), or −2 for none. */
const pointOfLetter = (c: number, player: number): number => {
  if (c === 0x79) return BAR;
  if (c === 0x7a) return OFF;
  if (c < 0x61 || c > 0x78) return -2;
  return player === 1 ? 0x78 - c : c - 0x61;
};

/** Reads a move value (sgfGame.ts `parseMoveValue`) into the replay's node fields; false where the import refused it. */
const readMove = (r: BackgammonReplay, b: Uint8Array, start: number, end: number, player: number): boolean => {
  while (start < end && isTrimmed(b[start])) start++;
  while (end > start && isTrimmed(b[end - 1])) end--;
  r.player = player;
  r.steps = 0;
  if (wordIs(b, start, end, 'double')) r.action = A_DOUBLE;
  else if (wordIs(b, start, end, 'take')) r.action = A_TAKE;
  else if (wordIs(b, start, end, 'drop')) r.action = A_DROP;
  else if (wordIs(b, start, end, 'accept')) r.action = A_ACCEPT;
  else if (wordIs(b, start, end, 'reject')) r.action = A_REJECT;
  else if (end - start >= 6 && wordIs(b, start, start + 6, 'resign')) {
    r.action = A_RESIGN;
    if (end === start + 6) r.resignPoints = 1;
    else {
      // resign:N
      if (b[start + 6] !== 0x3a || end - start - 7 < 1 || end - start - 7 > 9) return false;
      let n = 0;
      for (let i = start + 7; i < end; i++) {
        const d = b[i] - 0x30;
        if (d < 0 || d > 9) return false;
        n = n * 10 + d;
      }
      r.resignPoints = n;
    }
  } else {
    const len = end - start;
    if (len < 2) return false;
    const d1 = b[start] - 0x30;
    const d2 = b[start + 1] - 0x30;
    if (!(d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6)) return false;
    if ((len - 2) % 2 !== 0 || len - 2 > 8) return false;
    r.action = A_MOVE;
    r.dice0 = d1;
    r.dice1 = d2;
    for (let i = start + 2; i < end; i += 2) {
      const from = pointOfLetter(b[i], player);
      const to = pointOfLetter(b[i + 1], player);
      if (from === -2 || to === -2 || from === OFF) return false;
      r.from[r.steps] = from;
      r.to[r.steps] = to;
      r.steps++;
    }
  }
  return true;
};

const replay = new BackgammonReplay();
const scanner = new SgfMainLineScanner();

/**
 * Replays a stored SGF game's main line from its source (see the module comment) to `visitor`;
 * false when the source is not read here as the import read it (the visitor may have been
 * called: its findings are to be dropped).
 */
export const replaySgfSource = (b: Uint8Array, visitor: PlyVisitor): boolean => {
  if (!isUtf8(b)) return false;
  scanner.scan(b);
  const tokens = scanner.tokens;
  const root = newRoot();
  // Nodes begun so far (1: the root), whether the node being read has its move, and what its last property is.
  let nodes = 0;
  let hasMove = false;
  let prop = P_OTHER;
  for (let t = 0; ; t += 3) {
    const token = tokens[t];
    const kind = token & SGF_KIND;
    if (kind === SGF_VALUE) {
      if (prop === P_OTHER) continue;
      // A value read here holds no escape and only ASCII, as the import read it.
      if (token & (SGF_VALUE_ESCAPED | SGF_VALUE_BEYOND_ASCII)) return false;
      const start = tokens[t + 1];
      const end = tokens[t + 2];
      const first = (tokens[t - 3] & SGF_KIND) === SGF_PROPERTY;
      if (prop === P_B || prop === P_W) {
        // A node's first move, its first value (later ones are kept, not read).
        if (hasMove || !first) continue;
        hasMove = true;
        if (!readMove(replay, b, start, end, prop === P_B ? 1 : 0)) return false;
      } else if (prop >= P_PL) {
        if (first && !readSetupValue(replay, prop, ascii(b, start, end))) return false;
      } else if (!readRootValue(root, prop, ascii(b, start, end), first)) return false;
      continue;
    }
    if (kind === SGF_PROPERTY) {
      let packed = 0;
      let letters = 0;
      for (let k = tokens[t + 1]; k < tokens[t + 2]; k++) {
        if (!isUpper(b[k])) continue;
        letters++;
        if (letters <= 3) packed = (packed << 8) | b[k];
      }
      prop = propOf(packed, letters, nodes === 1);
      if (prop === P_EDIT) return false;
      continue;
    }
    if (kind !== SGF_NODE && kind !== SGF_END) return false;
    // The node before ends: the root starts the game, a node plays its move.
    if (nodes === 1) replay.begin(root, visitor);
    else if (nodes > 1 && !replay.node()) return false;
    if (kind === SGF_END) break;
    nodes++;
    replay.clearNode();
    hasMove = false;
  }
  replay.end(root);
  return true;
};

// ---------------------------------------------------------------- .mat

/** Replays a stored .mat game (read by the codec, as its import read it) to `visitor`; false when it does not read or replay. */
export const replayMatSource = (stored: Pick<StoredPatternGame, 'source' | 'metadata'>, visitor: PlyVisitor): boolean => {
  const game = storedMatGame(stored.source, stored.metadata);
  return game !== null && replayGame(game, visitor);
};

const rootOf = (info: BgGameInfo): RootInfo => ({
  matchLength: info.matchLength,
  score0: info.score[0],
  score1: info.score[1],
  crawfordGame: info.rules.crawfordGame,
  jacoby: info.rules.jacoby,
  variation: info.rules.variation,
  cubeValue: info.cubeValue,
  resultWinner: info.result ? info.result.winner : -1,
  resultPoints: info.result ? info.result.points : 0,
  resultResigned: info.result ? info.result.resigned : false,
});

const ACTIONS = { move: A_MOVE, double: A_DOUBLE, take: A_TAKE, drop: A_DROP, resign: A_RESIGN, accept: A_ACCEPT, reject: A_REJECT } as const;

/** Replays a game the codec read (its nodes' actions); false at a set-up node or where the import's replay would have stopped. */
const replayGame = (game: Pick<BackgammonGame, 'info' | 'nodes'>, visitor: PlyVisitor): boolean => {
  const root = rootOf(game.info);
  replay.begin(root, visitor);
  for (const node of game.nodes) {
    replay.clearNode();
    const setup = node.setup;
    if (setup) {
      if (setup.clear || setup.white || setup.black) return false;
      replay.setup = true;
      if (setup.player !== undefined) replay.setupPlayer = setup.player;
      if (setup.dice) [replay.setupDice0, replay.setupDice1] = setup.dice;
      if (setup.cubeValue !== undefined) replay.setupCube = setup.cubeValue;
      if (setup.cubeOwner !== undefined) replay.setupOwner = setup.cubeOwner === 'PLAYER0' ? 0 : setup.cubeOwner === 'PLAYER1' ? 1 : -1;
    }
    const a = node.action;
    if (!a) {
      if (!replay.node()) return false;
      continue;
    }
    replay.action = ACTIONS[a.kind];
    replay.player = a.player;
    if (a.kind === 'move') {
      if (a.moves.length > 4) return false;
      replay.dice0 = a.dice[0];
      replay.dice1 = a.dice[1];
      replay.steps = a.moves.length;
      a.moves.forEach((m, k) => {
        replay.from[k] = m.from;
        replay.to[k] = m.to;
      });
    } else if (a.kind === 'resign') replay.resignPoints = a.points;
    if (!replay.node()) return false;
  }
  replay.end(root);
  return true;
};
