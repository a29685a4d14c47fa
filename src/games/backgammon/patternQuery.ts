/**
 * The backgammon pattern language read: a JSON object of conditions (blunderDB's filters as
 * keys) checked against read into plain data, every range closed to what a position can hold.
 * An error names the key (or path, `pips.opponent`, `points.opp5`, `points[20]`) and what is wrong.
 * docs/GAMES.md ("Pattern search") describes the language with examples.
 */
import type { PatternError, PatternRead } from '../patterns';

/** An inclusive range `[min, max]`. */
export type Range = readonly [number, number];

/** A per-side condition: the side on roll (`player`) and the other side (`opponent`). */
export interface SideRanges {
  player?: Range;
  opponent?: Range;
}

/** Who owns the cube, seen from the side on roll. */
export type CubeOwnerName = 'centered' | 'player' | 'opponent';

/** A pattern read: each condition present must hold (AND). Points and sides are seen from the side on roll. */
export interface BackgammonPattern {
  /** true: no contact left (a race); false: contact. */
  race?: boolean;
  pips?: SideRanges;
  /** The side on roll's pips minus the opponent's (negative: the side on roll leads). */
  pipDifference?: Range;
  blots?: SideRanges;
  /** The longest prime (consecutive made points). */
  prime?: SideRanges;
  bar?: SideRanges;
  off?: SideRanges;
  /** Signed checkers on a point of the side on roll's numbering (0 the opponent's bar, 25 its own): its checkers count up, the opponent's down. */
  points?: { point: number; range: Range }[];
  cube?: { value?: Range; owner?: CubeOwnerName };
  /** `player`, `opponent`: points away from winning the match. */
  score?: { player?: Range; opponent?: Range; crawford?: boolean; matchLength?: Range };
  decision?: 'checker' | 'cube';
  /** Normalised equity a decision made from the position lost at least, by gnubg's analysis. */
  minError?: number;
}

/** The keys a pattern may have, in the order the documentation gives them. */
export const PATTERN_KEYS = [
  'race', 'contact', 'pips', 'pipDifference', 'points', 'blots', 'prime', 'bar', 'off', 'cube', 'score', 'decision', 'minError',
] as const;

/** What each quantity can be in a position: ranges are closed to these bounds. */
const DOMAIN = {
  pips: [0, 375],
  pipDifference: [-375, 375],
  checkers: [0, 15],
  prime: [0, 24],
  point: [-15, 15],
  cube: [1, 32768],
  away: [-32767, 32767],
  matchLength: [0, 32767],
} as const satisfies Record<string, Range>;

class PatternFailure extends Error {
  constructor(readonly detail: PatternError) {
    super(detail.message);
  }
}

const fail = (key: string, message: string): never => {
  throw new PatternFailure({ key, message });
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const show = (v: unknown): string => {
  const text = JSON.stringify(v);
  return text === undefined ? String(v) : text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

const RANGE_FORMS = 'a number, [min, max] or {"min": …, "max": …}';

/** A bound of a range: an integer, or null (open) where `open` allows. */
const bound = (v: unknown, key: string, open: boolean): number | null => {
  if (v === null && open) return null;
  if (typeof v !== 'number' || !Number.isInteger(v)) fail(key, `${show(v)} is not a whole number${open ? ' (or null for no bound)' : ''}`);
  return v as number;
};

/**
 * A range: a number n (exactly n; with `atLeast`, n or more), `[min, max]` or `{min, max}`
 * (either bound null or left out: open), closed to `domain`. A range nothing in the domain can
 * fall in is an error.
 */
const readRange = (v: unknown, key: string, domain: Range, atLeast = false): Range => {
  let lo: number | null;
  let hi: number | null;
  if (typeof v === 'number') {
    lo = bound(v, key, false);
    hi = atLeast ? null : lo;
  } else if (Array.isArray(v)) {
    if (v.length !== 2) fail(key, `a range array has two entries [min, max], got ${v.length}`);
    lo = bound(v[0], `${key}[0]`, true);
    hi = bound(v[1], `${key}[1]`, true);
  } else if (isObject(v)) {
    for (const k of Object.keys(v)) if (k !== 'min' && k !== 'max') fail(`${key}.${k}`, `not a range bound; a range is ${RANGE_FORMS}`);
    if (!('min' in v) && !('max' in v)) fail(key, `a range object needs "min" or "max"`);
    lo = bound(v.min ?? null, `${key}.min`, true);
    hi = bound(v.max ?? null, `${key}.max`, true);
  } else return fail(key, `${show(v)} is not a range; a range is ${RANGE_FORMS}`);
  if (lo !== null && hi !== null && lo > hi) fail(key, `min ${lo} is above max ${hi}`);
  const min = lo === null ? domain[0] : Math.max(lo, domain[0]);
  const max = hi === null ? domain[1] : Math.min(hi, domain[1]);
  if (min > max) fail(key, `${show(v)} is outside what a position can hold (${domain[0]} to ${domain[1]})`);
  return [min, max];
};

/** A per-side condition: `{"player": range, "opponent": range}`, or a range alone for the side on roll. */
const readSides = (v: unknown, key: string, domain: Range, atLeast = false): SideRanges => {
  if (!isObject(v) || !('player' in v || 'opponent' in v)) return { player: readRange(v, key, domain, atLeast) };
  const out: SideRanges = {};
  for (const [k, x] of Object.entries(v)) {
    if (k !== 'player' && k !== 'opponent') fail(`${key}.${k}`, 'not a side; give "player" (the side on roll) and/or "opponent", or a range for the side on roll');
    out[k as 'player' | 'opponent'] = readRange(x, `${key}.${k}`, domain, atLeast);
  }
  return out;
};

const readBoolean = (v: unknown, key: string): boolean => (typeof v === 'boolean' ? v : fail(key, `${show(v)} is not true or false`));

const POINT_NAMES = '"1".."24" (the side on roll\'s own points), "opp1".."opp24" (the same points in the opponent\'s numbering), "bar", "oppBar"';

/** A point name of the `points` object as a point of the side on roll's numbering (0..25), or null. */
const pointOfName = (name: string): number | null => {
  if (name === 'bar') return 25;
  if (name === 'oppBar') return 0;
  const m = /^(opp)?([1-9]|1\d|2[0-4])$/.exec(name);
  if (!m) return null;
  const n = Number(m[2]);
  return m[1] ? 25 - n : n;
};

const isWildcard = (v: unknown): boolean => v === null || v === '*';

/** Checkers on points: an object keyed by point names, or an array of 26 entries by point (0 = the opponent's bar, 25 = the side on roll's bar). */
const readPoints = (v: unknown, key: string): { point: number; range: Range }[] => {
  const out: { point: number; range: Range }[] = [];
  if (Array.isArray(v)) {
    if (v.length !== 26) fail(key, `a points array has 26 entries (0 = the opponent's bar, 1..24 the side on roll's points, 25 its bar), got ${v.length}`);
    v.forEach((x, point) => {
      if (!isWildcard(x)) out.push({ point, range: readRange(x, `${key}[${point}]`, DOMAIN.point) });
    });
  } else if (isObject(v)) {
    for (const [name, x] of Object.entries(v)) {
      const point = pointOfName(name);
      if (point === null) fail(`${key}.${name}`, `not a point; points are ${POINT_NAMES}`);
      if (!isWildcard(x)) out.push({ point: point!, range: readRange(x, `${key}.${name}`, DOMAIN.point) });
    }
  } else fail(key, `${show(v)} is not an object of points (${POINT_NAMES}) or an array of 26 entries`);
  return out;
};

const OWNERS: readonly CubeOwnerName[] = ['centered', 'player', 'opponent'];

const readCube = (v: unknown, key: string): NonNullable<BackgammonPattern['cube']> => {
  if (!isObject(v) || !('value' in v || 'owner' in v)) return { value: readRange(v, key, DOMAIN.cube) };
  const out: NonNullable<BackgammonPattern['cube']> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'value') out.value = readRange(x, `${key}.value`, DOMAIN.cube);
    else if (k === 'owner') {
      if (!OWNERS.includes(x as CubeOwnerName)) fail(`${key}.owner`, `${show(x)} is not "centered", "player" (the side on roll) or "opponent"`);
      out.owner = x as CubeOwnerName;
    } else fail(`${key}.${k}`, 'not a cube key; give "value" and/or "owner"');
  }
  return out;
};

const readScore = (v: unknown, key: string): NonNullable<BackgammonPattern['score']> => {
  if (!isObject(v)) return fail(key, `${show(v)} is not an object with "player", "opponent" (points away), "crawford" or "matchLength"`);
  const out: NonNullable<BackgammonPattern['score']> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'player' || k === 'opponent') out[k] = readRange(x, `${key}.${k}`, DOMAIN.away);
    else if (k === 'crawford') out.crawford = readBoolean(x, `${key}.crawford`);
    else if (k === 'matchLength') out.matchLength = readRange(x, `${key}.matchLength`, DOMAIN.matchLength);
    else fail(`${key}.${k}`, 'not a score key; give "player", "opponent" (points away), "crawford" or "matchLength"');
  }
  if (Object.keys(out).length === 0) fail(key, 'names no condition; give "player", "opponent", "crawford" or "matchLength"');
  return out;
};

const readPattern = (pattern: unknown): BackgammonPattern => {
  if (!isObject(pattern)) return fail('pattern', `${show(pattern)} is not a JSON object of conditions (${PATTERN_KEYS.join(', ')})`);
  const q: BackgammonPattern = {};
  for (const [key, v] of Object.entries(pattern)) {
    switch (key) {
      case 'race':
      case 'contact': {
        const race = key === 'race' ? readBoolean(v, key) : !readBoolean(v, key);
        if (q.race !== undefined && q.race !== race) fail(key, `contradicts ${key === 'race' ? 'contact' : 'race'}: a position is a race exactly when it has no contact`);
        q.race = race;
        break;
      }
      case 'pips':
        q.pips = readSides(v, key, DOMAIN.pips);
        break;
      case 'pipDifference':
        q.pipDifference = readRange(v, key, DOMAIN.pipDifference);
        break;
      case 'blots':
      case 'bar':
      case 'off':
        q[key] = readSides(v, key, DOMAIN.checkers);
        break;
      case 'prime':
        q.prime = readSides(v, key, DOMAIN.prime, true);
        break;
      case 'points':
        q.points = readPoints(v, key);
        break;
      case 'cube':
        q.cube = readCube(v, key);
        break;
      case 'score':
        q.score = readScore(v, key);
        break;
      case 'decision':
        if (v !== 'checker' && v !== 'cube') fail(key, `${show(v)} is not "checker" or "cube"`);
        q.decision = v as 'checker' | 'cube';
        break;
      case 'minError':
        if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) fail(key, `${show(v)} is not an equity of 0 or more (0.08 = 80 millipoints)`);
        q.minError = v as number;
        break;
      default:
        fail(key, `not a backgammon pattern key; the keys are ${PATTERN_KEYS.join(', ')}`);
    }
  }
  if (Object.keys(pattern).length === 0) fail('pattern', `names no condition; give at least one of ${PATTERN_KEYS.join(', ')}`);
  return q;
};

/** Reads a backgammon pattern as a client sent it (JSON already parsed). */
export const readBackgammonPattern = (pattern: unknown): PatternRead<BackgammonPattern> => {
  try {
    return { ok: true, query: readPattern(pattern) };
  } catch (e) {
    if (e instanceof PatternFailure) return { ok: false, error: e.detail };
    throw e;
  }
};
