/**
 * Reading a chess pattern (Scoutfish's query keys, docs/GAMES.md "Pattern search") into the
 * compiled form the matcher and the pre-filter test: squares and piece codes, material and
 * imbalance keys as numbers. A malformed pattern is an error naming its key or path
 * (`sequence[1].sub-fen[0]`, 0-based like a JSON path) and what is wrong.
 *
 * Boards here are 64 squares, a1 = 0, b1 = 1, …, h8 = 63; a piece is the chess codec's code
 * (`color << 3 | role`: White 1..6, Black 9..14 for P N B R Q K).
 */
import type { Outcome } from '../../db/records';
import type { PatternError, PatternRead } from '../patterns';

/** Roles as the codec numbers them. */
const PAWN = 1;
const KING = 6;
const BLACK_BIT = 8;

/** The 20-bit count of one side's non-king material: 4 bits a role, pawns lowest. */
const sideKey = (counts: ArrayLike<number>, base: number): number =>
  Math.min(counts[base + 1], 15) |
  (Math.min(counts[base + 2], 15) << 4) |
  (Math.min(counts[base + 3], 15) << 8) |
  (Math.min(counts[base + 4], 15) << 12) |
  (Math.min(counts[base + 5], 15) << 16);

/** Both sides' material from piece counts indexed by piece code: White's 20 bits above Black's (exact in a double). */
export const materialKeyOf = (counts: ArrayLike<number>): number => sideKey(counts, 0) * 0x100000 + sideKey(counts, BLACK_BIT);

/** The material difference from piece counts: for P N B R Q, White's count less Black's, 5 bits each (offset by 16). */
export const imbalanceKeyOf = (counts: ArrayLike<number>): number => {
  let key = 0;
  for (let role = PAWN; role < KING; role++) {
    const d = Math.max(-15, Math.min(15, counts[role] - counts[BLACK_BIT | role]));
    key |= (d + 16) << (5 * (role - 1));
  }
  return key;
};

/** How many of piece code `piece` the material key `material` holds (a king: 1). */
export const pieceCountIn = (material: number, piece: number): number => {
  const role = piece & 7;
  if (role === KING) return 1;
  const side = piece & BLACK_BIT ? material % 0x100000 : Math.floor(material / 0x100000);
  return (side >> (4 * (role - 1))) & 15;
};

/** The imbalance key of the material key `material`. */
export const imbalanceOfMaterial = (material: number): number => {
  let key = 0;
  for (let role = PAWN; role < KING; role++) key |= (pieceCountIn(material, role) - pieceCountIn(material, BLACK_BIT | role) + 16) << (5 * (role - 1));
  return key;
};

/**
 * A piece code's step of the material key and of the imbalance key: one more of the piece adds
 * them (0 for a king or no piece, which the keys leave out). Exact while counts stay within 0..15.
 */
export const MATERIAL_STEP = new Float64Array(16);
export const IMBALANCE_STEP = new Int32Array(16);
for (let role = PAWN; role < KING; role++) {
  MATERIAL_STEP[role] = 2 ** (4 * (role - 1)) * 0x100000;
  MATERIAL_STEP[BLACK_BIT | role] = 2 ** (4 * (role - 1));
  IMBALANCE_STEP[role] = 1 << (5 * (role - 1));
  IMBALANCE_STEP[BLACK_BIT | role] = -(1 << (5 * (role - 1)));
}

/** What must hold at one ply: every present key (Scoutfish's rules of one condition, ANDed). */
export interface ChessCondition {
  /** Alternatives (any one will do), each its placed pieces as pairs `[square, piece, square, piece, …]`; null: no `sub-fen`. */
  subFens: Int8Array[] | null;
  /** Material keys (`materialKeyOf`), any one of them; null: no `material`. */
  materials: number[] | null;
  /** Imbalance keys (`imbalanceKeyOf`), any one of them; null: no `imbalance`. */
  imbalances: number[] | null;
  /** 'w' or 'b'; null: either. */
  sideToMove: 'w' | 'b' | null;
  /** The game's outcome is one of these (null: `*`, unknown); null: any result. */
  results: Outcome[] | null;
}

/**
 * A chess pattern: steps that must complete in this order along the main line, each at a later
 * ply than the previous; a step is one condition, or a streak of conditions on consecutive plies.
 * A plain condition is one step of one condition; a top-level `streak` is one step.
 */
export interface ChessQuery {
  steps: ChessCondition[][];
}

type Read<T> = { ok: true; value: T } | { ok: false; error: PatternError };
const fail = (key: string, message: string): { ok: false; error: PatternError } => ({ ok: false, error: { key, message } });

/** Limits that keep a pattern's work bounded. */
const MAX_ALTERNATIVES = 64;
const MAX_STEPS = 32;
/** A streak's conditions are tracked as bits of one number. */
const MAX_STREAK = 30;

const CONDITION_KEYS = ['sub-fen', 'material', 'imbalance', 'side-to-move', 'result'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const PIECES = 'PNBRQK';

/** The codec's piece code of a FEN letter, or 0. */
const pieceOfLetter = (ch: string): number => {
  const upper = PIECES.indexOf(ch);
  if (upper >= 0) return upper + 1;
  const lower = PIECES.toLowerCase().indexOf(ch);
  return lower >= 0 ? BLACK_BIT | (lower + 1) : 0;
};

/** A string, or a non-empty list of strings, as a list; `what` says what each string is. */
function stringList(value: unknown, key: string, what: string): Read<{ text: string; key: string }[]> {
  if (typeof value === 'string') return { ok: true, value: [{ text: value, key }] };
  if (!Array.isArray(value)) return fail(key, `must be ${what} or a list of them, not ${describe(value)}`);
  if (value.length === 0) return fail(key, `an empty list matches nothing: give ${what} or a list of them`);
  if (value.length > MAX_ALTERNATIVES) return fail(key, `at most ${MAX_ALTERNATIVES} alternatives, found ${value.length}`);
  const out: { text: string; key: string }[] = [];
  for (let i = 0; i < value.length; i++) {
    const v: unknown = value[i];
    if (typeof v !== 'string') return fail(`${key}[${i}]`, `must be ${what}, not ${describe(v)}`);
    out.push({ text: v, key: `${key}[${i}]` });
  }
  return { ok: true, value: out };
}

const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : `the ${typeof v} ${JSON.stringify(v)}`;

/** A FEN board part (ranks 8 to 1, `/` between them; digits are squares left free) as its placed pieces. */
export function readSubFen(text: string, key: string): Read<Int8Array> {
  const board = text.trim();
  if (/\s/.test(board)) {
    return fail(key, `'${text}' is more than a FEN board part: give only the ranks (8 fields separated by '/'), and the side to move as side-to-move`);
  }
  const ranks = board.split('/');
  if (ranks.length !== 8) return fail(key, `'${text}' has ${ranks.length} rank${ranks.length === 1 ? '' : 's'}: a FEN board has 8, separated by '/'`);
  const pairs: number[] = [];
  for (let r = 0; r < 8; r++) {
    const rankText = ranks[r];
    const rank = 7 - r;
    let file = 0;
    for (const ch of rankText) {
      if (ch >= '1' && ch <= '8') {
        file += ch.charCodeAt(0) - 48;
      } else {
        const piece = pieceOfLetter(ch);
        if (piece === 0) return fail(key, `rank ${rank + 1} ('${rankText}') has '${ch}', which is not a piece letter (PNBRQK for White, pnbrqk for Black) or a count of 1 to 8 free squares`);
        if (file < 8) pairs.push(rank * 8 + file, piece);
        file++;
      }
      if (file > 8) return fail(key, `rank ${rank + 1} ('${rankText}') has more than 8 squares`);
    }
    if (file < 8) return fail(key, `rank ${rank + 1} ('${rankText}') has ${file} square${file === 1 ? '' : 's'}, not 8`);
  }
  return { ok: true, value: Int8Array.from(pairs) };
}

/** Counts piece letters into `counts` (by piece code); `black` gives the side of upper-case letters too. Null, or what is wrong. */
function countLetters(text: string, counts: Int8Array, side: 'case' | 'white' | 'black', allowKing: boolean): string | null {
  for (const ch of text) {
    let piece = pieceOfLetter(ch);
    if (piece === 0) return `'${ch}' is not a piece letter (P N B R Q K)`;
    if (side !== 'case') piece = (piece & 7) | (side === 'black' ? BLACK_BIT : 0);
    if (!allowKing && (piece & 7) === KING) return 'a king is not part of an imbalance: name only the pieces one side has more of';
    counts[piece]++;
  }
  return null;
}

/** What is wrong with a side's counts (more than a side can have), or null. */
function sideLimits(counts: Int8Array, base: number, name: string): string | null {
  let pieces = 0;
  for (let role = PAWN; role < KING; role++) pieces += counts[base + role];
  if (counts[base + PAWN] > 8) return `${name} has ${counts[base + PAWN]} pawns: a side has at most 8`;
  if (pieces > 15) return `${name} has ${pieces} pieces besides the king: a side has at most 15`;
  return null;
}

/**
 * Exact material of both sides: by case (`KQRkqr`: upper case White, lower case Black) or, all
 * upper case as Scoutfish writes it, White's pieces then Black's, each side from its king (`KBNKNN`).
 */
export function readMaterial(text: string, key: string): Read<number> {
  const s = text.replace(/\s+/g, '');
  const counts = new Int8Array(16);
  let problem: string | null;
  if (/[a-z]/.test(s)) {
    problem = countLetters(s, counts, 'case', true);
  } else {
    const second = s.indexOf('K', 1);
    if (!s.startsWith('K') || second < 0) {
      return fail(key, `'${text}' does not name both sides: White's pieces then Black's, each from its king (KBNKNN), or by case (KQRkqr)`);
    }
    problem = countLetters(s.slice(0, second), counts, 'white', true) ?? countLetters(s.slice(second), counts, 'black', true);
  }
  if (problem) return fail(key, `'${text}': ${problem}`);
  for (const [base, name] of [[0, 'White'], [BLACK_BIT, 'Black']] as const) {
    if (counts[base + KING] !== 1) return fail(key, `'${text}' gives ${name} ${counts[base + KING]} kings: each side has exactly one`);
    const over = sideLimits(counts, base, name);
    if (over) return fail(key, `'${text}': ${over}`);
  }
  return { ok: true, value: materialKeyOf(counts) };
}

/**
 * A material difference, White's side before the `v` and Black's after (`Q v RR`: White has a
 * queen where Black has two rooks, the rest equal; `vPP`: Black is two pawns up). Pieces on both
 * sides cancel, so `QP v RRP` is `Q v RR`. Letters of either case; no kings.
 */
export function readImbalance(text: string, key: string): Read<number> {
  const s = text.replace(/\s+/g, '');
  const parts = s.split(/v/i);
  if (parts.length !== 2) {
    return fail(key, `'${text}' needs one 'v' between White's pieces and Black's ('Q v RR', 'vPP')`);
  }
  const counts = new Int8Array(16);
  const problem = countLetters(parts[0], counts, 'white', false) ?? countLetters(parts[1], counts, 'black', false);
  if (problem) return fail(key, `'${text}': ${problem}`);
  const over = sideLimits(counts, 0, 'White') ?? sideLimits(counts, BLACK_BIT, 'Black');
  if (over) return fail(key, `'${text}': ${over}`);
  return { ok: true, value: imbalanceKeyOf(counts) };
}

const RESULTS: Record<string, Outcome> = { '1-0': 'FIRST', '0-1': 'SECOND', '1/2-1/2': 'DRAW', '*': null };

/** One condition object (`where` is its path, '' at the top). */
function readCondition(value: unknown, where: string, topLevel: boolean): Read<ChessCondition> {
  const at = (k: string) => (where ? `${where}.${k}` : k);
  if (!isRecord(value)) return fail(where || 'pattern', `a condition is an object of keys (${CONDITION_KEYS.join(', ')}), not ${describe(value)}`);
  const cond: ChessCondition = { subFens: null, materials: null, imbalances: null, sideToMove: null, results: null };
  for (const [k, v] of Object.entries(value)) {
    const key = at(k);
    switch (k) {
      case 'sub-fen': {
        const list = stringList(v, key, 'a FEN board part');
        if (!list.ok) return list;
        cond.subFens = [];
        for (const item of list.value) {
          const read = readSubFen(item.text, item.key);
          if (!read.ok) return read;
          cond.subFens.push(read.value);
        }
        break;
      }
      case 'material':
      case 'imbalance': {
        const list = stringList(v, key, k === 'material' ? "a material text ('KQRkqr')" : "an imbalance text ('Q v RR')");
        if (!list.ok) return list;
        const keys: number[] = [];
        for (const item of list.value) {
          const read = k === 'material' ? readMaterial(item.text, item.key) : readImbalance(item.text, item.key);
          if (!read.ok) return read;
          keys.push(read.value);
        }
        if (k === 'material') cond.materials = keys;
        else cond.imbalances = keys;
        break;
      }
      case 'side-to-move': {
        const side = typeof v === 'string' ? v.trim().toLowerCase() : null;
        if (side !== 'white' && side !== 'black') return fail(key, `must be "white" or "black", not ${describe(v)}`);
        cond.sideToMove = side === 'white' ? 'w' : 'b';
        break;
      }
      case 'result': {
        const list = stringList(v, key, 'a result ("1-0", "0-1", "1/2-1/2" or "*")');
        if (!list.ok) return list;
        cond.results = [];
        for (const item of list.value) {
          const r = item.text.trim();
          if (!Object.hasOwn(RESULTS, r)) return fail(item.key, `'${item.text}' is not a result: "1-0", "0-1", "1/2-1/2" or "*" (unknown)`);
          cond.results.push(RESULTS[r]);
        }
        break;
      }
      case 'sequence':
      case 'streak':
        // The top level and a sequence's items read their own sequence and streak keys first.
        return fail(key, k === 'sequence' ? 'a sequence stands only at the top of a pattern' : 'a streak stands at the top of a pattern or as an item of a sequence, not inside a streak');
      default:
        return fail(key, `unknown key '${k}': a condition takes ${CONDITION_KEYS.join(', ')}${topLevel ? '; a pattern may also be a sequence or a streak' : ''}`);
    }
  }
  return { ok: true, value: cond };
}

/** A streak's list of conditions. */
function readStreak(value: unknown, key: string): Read<ChessCondition[]> {
  if (!Array.isArray(value)) return fail(key, `must be a list of conditions, not ${describe(value)}`);
  if (value.length === 0) return fail(key, 'an empty streak matches nothing: give a list of conditions');
  if (value.length > MAX_STREAK) return fail(key, `at most ${MAX_STREAK} conditions in a streak, found ${value.length}`);
  const conds: ChessCondition[] = [];
  for (let i = 0; i < value.length; i++) {
    const read = readCondition(value[i], `${key}[${i}]`, false);
    if (!read.ok) return read;
    conds.push(read.value);
  }
  return { ok: true, value: conds };
}

/** A sequence's items: conditions, or `{"streak": [...]}`. */
function readSequence(value: unknown, key: string): Read<ChessCondition[][]> {
  if (!Array.isArray(value)) return fail(key, `must be a list of conditions, not ${describe(value)}`);
  if (value.length === 0) return fail(key, 'an empty sequence matches nothing: give a list of conditions');
  if (value.length > MAX_STEPS) return fail(key, `at most ${MAX_STEPS} items in a sequence, found ${value.length}`);
  const steps: ChessCondition[][] = [];
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    const where = `${key}[${i}]`;
    if (isRecord(item) && Object.hasOwn(item, 'streak')) {
      const extra = Object.keys(item).find((k) => k !== 'streak');
      if (extra) return fail(`${where}.${extra}`, 'a streak item of a sequence holds only the streak: put this key in its conditions');
      const streak = readStreak(item.streak, `${where}.streak`);
      if (!streak.ok) return streak;
      steps.push(streak.value);
    } else {
      const cond = readCondition(item, where, false);
      if (!cond.ok) return cond;
      steps.push([cond.value]);
    }
  }
  return { ok: true, value: steps };
}

/** Reads a chess pattern as a client sent it (parsed JSON). */
export function readChessPattern(pattern: unknown): PatternRead<ChessQuery> {
  if (!isRecord(pattern)) return { ok: false, error: { key: 'pattern', message: `a chess pattern is an object of keys (${CONDITION_KEYS.join(', ')}, or sequence or streak), not ${describe(pattern)}` } };
  const keys = Object.keys(pattern);
  for (const top of ['sequence', 'streak'] as const) {
    if (!Object.hasOwn(pattern, top)) continue;
    const other = keys.find((k) => k !== top);
    if (other) return { ok: false, error: { key: other, message: `a pattern with a ${top} has no other keys at the top: put '${other}' in the ${top}'s conditions` } };
    const steps = top === 'sequence' ? readSequence(pattern[top], top) : readStreak(pattern[top], top);
    if (!steps.ok) return steps;
    return { ok: true, query: { steps: top === 'sequence' ? (steps.value as ChessCondition[][]) : [steps.value as ChessCondition[]] } };
  }
  const cond = readCondition(pattern, '', true);
  return cond.ok ? { ok: true, query: { steps: [[cond.value]] } } : cond;
}
