/**
 * Checker-play legality as gnubg defines it (eval.c `GenerateMoves`,
 * `LegalMove`, `SaveMoves`): every checker step uses one die (doubles: up to
 * four), checkers move towards the ace point, a checker on the bar enters
 * first, bearing off only with all checkers home, a die larger than needed
 * bears off only from the highest occupied point, and a play must use as many
 * dice as can be used and, when only one of two dice can be played, the
 * larger whenever it can be (gnubg keeps plays with the most dice, then the
 * most pips of dice).
 *
 * Boards are one side's `SideCheckers` (0..23 = own points 1..24, 24 = bar);
 * my point `i` is the opponent's point `23 − i`.
 */
import { OFF, pointName } from './points';
import { BAR, SideCheckers } from './types';

/** The dice a roll gives to play: four of a double, otherwise larger die first. */
export const diceToPlay = (dice: [number, number]): number[] => {
  const [a, b] = dice;
  return a === b ? [a, a, a, a] : [Math.max(a, b), Math.min(a, b)];
};

const allHome = (own: SideCheckers): boolean => {
  for (let i = 6; i < 25; i++) if (own[i] > 0) return false;
  return true;
};

/** The highest occupied point index of `own` (bar = 24), or −1 when all are off. */
const highestPoint = (own: SideCheckers): number => {
  for (let i = 24; i >= 0; i--) if (own[i] > 0) return i;
  return -1;
};

/** gnubg `LegalMove`: whether a checker on `from` may move `die` pips. */
const legalStep = (own: SideCheckers, opp: SideCheckers, from: number, die: number): boolean => {
  const dest = from - die;
  if (dest >= 0) return opp[23 - dest] <= 1;
  const back = highestPoint(own);
  return back <= 5 && (from === back || dest === -1);
};

/** Moves a checker in place (hitting a blot); the caller checked legality. */
export const applyStep = (own: SideCheckers, opp: SideCheckers, from: number, to: number): void => {
  own[from]--;
  if (to === OFF) return;
  if (opp[23 - to] === 1) {
    opp[23 - to] = 0;
    opp[BAR]++;
  }
  own[to]++;
};

const keyOf = (own: SideCheckers, opp: SideCheckers): string => `${own.join(',')}|${opp.join(',')}`;

/** One checker step in its owner's numbering (0..23 = points 1..24, 24 = bar, −1 = off). */
export interface Step {
  from: number;
  to: number;
}

/**
 * The boards legal plays of `dice` can reach, as keys, with how many dice they use (gnubg: most
 * dice, then most pips), and for each board one play that reaches it (its steps in playing order).
 */
export const legalPlays = (
  own: SideCheckers,
  opp: SideCheckers,
  dice: [number, number],
): { keys: Set<string>; plays: Map<string, Step[]>; dice: number; pips: number } => {
  const best = { keys: new Set<string>(), plays: new Map<string, Step[]>(), dice: 0, pips: 0 };
  const save = (o: SideCheckers, p: SideCheckers, used: number, pips: number, path: Step[]) => {
    if (used < best.dice || pips < best.pips) return;
    if (used > best.dice || pips > best.pips) {
      best.keys.clear();
      best.plays.clear();
    }
    best.dice = used;
    best.pips = pips;
    const key = keyOf(o, p);
    best.keys.add(key);
    if (!best.plays.has(key)) best.plays.set(key, path);
  };
  const walk = (o: SideCheckers, p: SideCheckers, rest: number[], used: number, pips: number, path: Step[]) => {
    if (rest.length === 0) return save(o, p, used, pips, path);
    const die = rest[0];
    let moved = false;
    const sources = o[BAR] > 0 ? [BAR] : Array.from({ length: 24 }, (_, i) => 23 - i);
    for (const from of sources) {
      if (o[from] <= 0 || !legalStep(o, p, from, die)) continue;
      moved = true;
      const o2 = o.slice();
      const p2 = p.slice();
      const to = from - die < 0 ? OFF : from - die;
      applyStep(o2, p2, from, to);
      walk(o2, p2, rest.slice(1), used + 1, pips + die, [...path, { from, to }]);
    }
    if (!moved) save(o, p, used, pips, path);
  };
  const order = diceToPlay(dice);
  walk(own.slice(), opp.slice(), order, 0, 0, []);
  if (order[0] !== order[1]) walk(own.slice(), opp.slice(), [order[1], order[0]], 0, 0, []);
  return best;
};

/** Tracks the dice of one roll while its checker steps are checked one by one. */
class RollChecker {
  private readonly rest: number[];
  readonly roll: string;
  steps = 0;

  constructor(dice: [number, number]) {
    this.rest = diceToPlay(dice);
    this.roll = `${this.rest[0]}${this.rest[1]}`;
  }

  /** Checks the dice of one step on the board it starts from and uses up its die; an error message, or undefined when legal. */
  step(own: SideCheckers, from: number, to: number, colour: string): string | undefined {
    const text = `${colour} ${pointName(from)}/${pointName(to)}`;
    const left = () => (this.rest.length ? `the unused dice of ${this.roll} are ${this.rest.join(', ')}` : `all dice of ${this.roll} are used`);
    if (own[BAR] > 0 && from !== BAR) return `${text}: a checker on the bar must enter first (roll ${this.roll})`;
    if (to !== OFF && to >= from) return `${text} moves away from home; checkers move towards the 1-point (roll ${this.roll})`;
    const pips = to === OFF ? from + 1 : from - to;
    if (to === OFF && !allHome(own)) {
      return `${text}: bearing off while a checker is on ${pointName(highestPoint(own))}, outside the home board (roll ${this.roll})`;
    }
    let k = this.rest.indexOf(pips);
    if (k < 0 && to === OFF) {
      // A larger die bears off only from the highest point (gnubg LegalMove); use the smallest such die.
      let larger = -1;
      for (let j = 0; j < this.rest.length; j++) if (this.rest[j] > pips && (larger < 0 || this.rest[j] < this.rest[larger])) larger = j;
      if (larger >= 0) {
        const back = highestPoint(own);
        if (back !== from) return `${text} with a ${this.rest[larger]}: a die larger than the distance bears off only from the highest point, and a checker is on ${pointName(back)} (roll ${this.roll})`;
        k = larger;
      }
    }
    if (k < 0) return `${text} moves ${pips} pips, which no die matches: ${left()}`;
    this.rest.splice(k, 1);
    this.steps++;
    return undefined;
  }
}

/** Plays `steps` in order on copies of the boards: an error message for the first step that is not legal, else the boards reached. */
const playSteps = (
  own: SideCheckers,
  opp: SideCheckers,
  dice: [number, number],
  steps: readonly { from: number; to: number }[],
  colour: string,
): { error: string } | { own: SideCheckers; opp: SideCheckers; roll: RollChecker } => {
  const o = own.slice();
  const p = opp.slice();
  const roll = new RollChecker(dice);
  for (const { from, to } of steps) {
    if (!(o[from] > 0)) return { error: `no ${colour} checker on ${pointName(from)}` };
    if (to === BAR) return { error: 'a move to the bar' };
    // My point `to` is the opponent's point 23 − to.
    if (to !== OFF && p[23 - to] >= 2) return { error: `point ${pointName(to)} is held by the opponent` };
    const bad = roll.step(o, from, to, colour);
    if (bad) return { error: bad };
    applyStep(o, p, from, to);
  }
  return { own: o, opp: p, roll };
};

/** The orders of `items` (at most 4 checker steps: at most 24 orders), the given order first. */
const orders = <T>(items: readonly T[]): T[][] => {
  if (items.length <= 1) return [items.slice()];
  const out: T[][] = [];
  items.forEach((first, k) => {
    for (const rest of orders([...items.slice(0, k), ...items.slice(k + 1)])) out.push([first, ...rest]);
  });
  return out;
};

/**
 * Checks a written play (one or more checker steps) of `dice` by `colour` from the boards `own`/`opp`
 * (not changed). Legal when its steps, in the written order or another (gnubg compares the position
 * a play reaches, so the order it is written in does not matter), each use one die, and the board it
 * reaches is one of gnubg's legal plays (most dice, then the larger die). Returns the steps in an
 * order that plays them legally, or the error for the written order.
 */
export const checkPlay = <T extends { from: number; to: number }>(
  own: SideCheckers,
  opp: SideCheckers,
  dice: [number, number],
  steps: readonly T[],
  colour: string,
): { ok: true; steps: T[] } | { ok: false; message: string } => {
  let first: string | undefined;
  for (const order of orders(steps)) {
    const r = playSteps(own, opp, dice, order, colour);
    if ('error' in r) {
      first ??= r.error;
      continue;
    }
    // A play that uses every die is among the legal ones (most dice, then most pips): no need to list them.
    if (r.roll.steps === diceToPlay(dice).length) return { ok: true, steps: order };
    const legal = legalPlays(own, opp, dice);
    if (legal.keys.has(keyOf(r.own, r.opp))) return { ok: true, steps: order };
    // Every order reaches the same board: the play itself uses too few dice, or the smaller one.
    const [hi, lo] = diceToPlay(dice);
    const n = r.roll.steps;
    if (n < legal.dice) return { ok: false, message: `${colour} plays ${n} ${n === 1 ? 'die' : 'dice'} of ${r.roll.roll} but ${legal.dice} can be played` };
    if (hi !== lo && legal.dice === 1) return { ok: false, message: `${colour} plays the ${lo} of ${r.roll.roll} but the ${hi} can be played: when only one die can be played it must be the larger` };
    return { ok: false, message: `${colour}'s play of ${r.roll.roll} is not one of the legal plays` };
  }
  return { ok: false, message: first ?? 'no checker step' };
};
