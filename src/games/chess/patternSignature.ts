/**
 * The chess pattern pre-filter (as SCID's and Scoutfish's): a game's signature says which squares
 * each piece ever stood on along the main line and how its material changed, so a pattern whose
 * piece never stood on its square, or whose material or imbalance never occurred, rules the game
 * out before it is replayed. It never rules out a game where the pattern holds: each test is a
 * necessary condition of a single ply's match. The material changes are exact (`MaterialWalk`
 * reads them ply by ply), and with the packed moves and the outcome a game is searched from its
 * signature alone (`packedHits`, patterns.ts).
 *
 * Layout (version 3: 137 bytes, 2 a material change and 2 a move):
 * - byte 0: the layout's version, 3 (1 and 2: below; another version, or another length: nothing is ruled out);
 * - byte 1: flags: bit 0 (INCOMPLETE) some main-line ply's board could not be read: nothing is
 *   ruled out; bit 1 (BLACK_STARTS) Black moves first; bit 3 (NO_CHANGES) the material is not
 *   kept (a count past 15, or more than 65,535 positions); bit 4 (STANDARD_START) the game starts
 *   from the standard position; bit 5 (MOVES) the main line's moves follow the changes; bits 6-7
 *   the game's outcome (0 unknown, 1 White won, 2 a draw, 3 Black won); bits 4 to 7 only the
 *   import sets (they are about the source: its start, its result, the moves as it played them);
 * - bytes 2..97: for each of the 12 pieces in the order P N B R Q K p n b r q k, 8 bytes: the
 *   squares it stood on at some ply, square s (a1 = 0, b1 = 1, …, h8 = 63) as bit s & 7 of byte s >> 3;
 * - bytes 98..99: the main line's positions n (plies 0..n-1), big-endian;
 * - bytes 100..104: the start's material key (`materialKeyOf`), big-endian;
 * - bytes 105..120 and 121..136: Bloom filters of the imbalance keys and the material keys of the
 *   main line's plies, 128 bits each, 2 bits a key (`mix`ed; a game of the bench's corpus reaches 9
 *   imbalances and 12 materials, so a key it never reached passes 2-3% of the time): most games are
 *   ruled out by a material or imbalance there, before their changes are walked (version 3 only);
 * - then the material changes in ply order, 2 bytes each: how many plies on from the last change
 *   (the first from ply 0), then a piece code taken off the board (high nibble) and one put on
 *   (low nibble), 0 for none (a change of 0 only moves on: 255 plies at a time). A capture takes
 *   the captured piece off; a promotion takes the pawn off and puts the piece on; a capture that
 *   promotes is two changes of one ply;
 * - with MOVES (a game from the standard start whose every main-line move was packed), the last
 *   2 (n - 1) bytes: the main line's moves, each packed in 16 bits (src/codecs/chess/packedMoves.ts),
 *   big-endian. With them and the outcome, a game is searched from its signature alone
 *   (`packedHits`, patterns.ts): no source read, no move parsed.
 *
 * Version 2 had no moves nor outcome (its bit 2 said the source's move tokens were the moves' SAN);
 * version 1 (226 bytes) kept the same squares and, in place of the changes, a 1024-bit Bloom
 * filter of the material and imbalance keys reached (3 bits each, hashed by `mix`). Their
 * signatures still rule games out until the attributes catch-up writes version 3 (the migrations
 * chess_material_events and chess_packed_moves mark chess imports for it); the games they let
 * through are replayed.
 */
import type { Outcome, PlyRecord } from '../../db/records';
import type { PatternSignature } from '../patterns';
import { PlyBoards } from './patternBoard';
import { type ChessCondition, type ChessQuery, IMBALANCE_STEP, MATERIAL_STEP, imbalanceKeyOf, imbalanceOfMaterial, materialKeyOf, pieceCountIn } from './patternQuery';

const VERSION = 3;
/** Version 2: the same layout without moves nor outcome. */
const CHANGES_VERSION = 2;
const FLAGS = 1;
const INCOMPLETE = 1;
const BLACK_STARTS = 2;
const NO_CHANGES = 8;
const STANDARD_START = 16;
const MOVES = 32;
/** The outcome's two bits, from bit OUTCOME_SHIFT. */
const OUTCOME_SHIFT = 6;
const OUTCOMES: readonly (Outcome | null)[] = [null, 'FIRST', 'DRAW', 'SECOND'];
const SQUARES = 2;
const POSITIONS = SQUARES + 12 * 8;
const START_MATERIAL = POSITIONS + 2;
/** Where version 2's changes start. */
const CHANGES_V2 = START_MATERIAL + 5;
const IMBALANCE_FILTER = CHANGES_V2;
const IMBALANCE_FILTER_BITS = 128;
const MATERIAL_FILTER = IMBALANCE_FILTER + IMBALANCE_FILTER_BITS / 8;
const MATERIAL_FILTER_BITS = 128;
const CHANGES = MATERIAL_FILTER + MATERIAL_FILTER_BITS / 8;
/** Where the changes start in a signature of `version` (2 or 3). */
const changesOf = (version: number): number => (version === VERSION ? CHANGES : CHANGES_V2);
/** Most plies one change moves on; a longer stretch is changes of 0. */
const LONGEST_STEP = 255;
const MAX_POSITIONS = 0xffff;
/** A count the material key holds (4 bits a piece). */
const MAX_COUNT = 15;

/** Version 1: the Bloom filter of the material and imbalance keys reached, after the squares. */
const BLOOM_VERSION = 1;
const BLOOM = SQUARES + 12 * 8;
const BLOOM_BITS = 1024;
const BLOOM_SIGNATURE_BYTES = BLOOM + BLOOM_BITS / 8;

/** The signature's index (0..11) of a codec piece code (White 1..6, Black 9..14). */
const pieceIndex = (piece: number): number => (piece >> 3) * 6 + (piece & 7) - 1;

/** A 32-bit mix of two numbers (murmur3's finaliser over both). */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b ^ 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Version 1's Bloom filter hash of a material key (White's 20 bits, Black's 20 bits). */
const materialHash = (key: number): number => mix(Math.floor(key / 0x100000), key % 0x100000);
/** Version 1's Bloom filter hash of an imbalance key (tagged with bit 30, which no material half has). */
const imbalanceHash = (key: number): number => mix(key | 0x40000000, 0);

/** A Bloom filter of keys in a signature: where it starts, its bits, and the bits a key sets, each `shift` bits on in its hash. */
interface KeyFilter {
  offset: number;
  bits: number;
  hashes: number;
  shift: number;
}

/** Version 1's one filter of materials and imbalances; version 3's two. */
const BLOOM_FILTER: KeyFilter = { offset: BLOOM, bits: BLOOM_BITS, hashes: 3, shift: 10 };
const MATERIALS: KeyFilter = { offset: MATERIAL_FILTER, bits: MATERIAL_FILTER_BITS, hashes: 2, shift: 8 };
const IMBALANCES: KeyFilter = { offset: IMBALANCE_FILTER, bits: IMBALANCE_FILTER_BITS, hashes: 2, shift: 8 };

/** The filter bits of a key's hash, as [byte, mask] pairs into `out` from `at`. */
function filterBits(hash: number, filter: KeyFilter, out: Int32Array, at: number): void {
  for (let k = 0; k < filter.hashes; k++) {
    const bit = (hash >>> (filter.shift * k)) & (filter.bits - 1);
    out[at + 2 * k] = filter.offset + (bit >> 3);
    out[at + 2 * k + 1] = 1 << (bit & 7);
  }
}

const keyBits = new Int32Array(6);
/** Sets a key's bits in a filter. */
function setFilterBits(head: Uint8Array, hash: number, filter: KeyFilter): void {
  filterBits(hash, filter, keyBits, 0);
  for (let k = 0; k < 2 * filter.hashes; k += 2) head[keyBits[k]] |= keyBits[k + 1];
}

/**
 * A signature built board by board: `add` each main-line position's board (64 squares a1 = 0, or
 * the codec's 0x88 board with `x88`), then `result`. The import adds the boards its replay walks
 * (no FEN written or read) and says who moved first, whether the game starts from the standard
 * position, its moves packed and its outcome; a search's `of` adds the boards of the plies it reads.
 */
export class ChessSignatureBuilder {
  private readonly head = new Uint8Array(CHANGES);
  private changes = new Uint8Array(64);
  private length = 0;
  private positions = 0;
  /** The ply of the last change written (0 before the first). */
  private changedAt = 0;
  private packed: ArrayLike<number> | null = null;
  private readonly counts = new Int8Array(16);
  private readonly before = new Int8Array(16);

  constructor() {
    this.head[0] = VERSION;
  }

  /** A board of 64 squares (a1 = 0), or with `x88` of 128 (0x88 squares: rank << 4 | file); piece codes White 1..6, Black 9..14. */
  add(board: Int8Array, x88 = false): void {
    const { head, counts, before } = this;
    counts.fill(0);
    for (let sq = 0; sq < 64; sq++) {
      const piece = board[x88 ? ((sq >> 3) << 4) | (sq & 7) : sq];
      if (piece === 0) continue;
      counts[piece]++;
      head[SQUARES + pieceIndex(piece) * 8 + (sq >> 3)] |= 1 << (sq & 7);
    }
    for (let piece = 1; piece < 16; piece++) if (counts[piece] > MAX_COUNT) head[FLAGS] |= NO_CHANGES;
    if (this.positions === 0) this.writeStart();
    else this.writeChanges();
    before.set(counts);
    this.positions++;
  }

  /** A main-line ply whose board could not be read: the signature rules nothing out. */
  unread(): void {
    this.head[FLAGS] |= INCOMPLETE;
    this.positions++;
  }

  /** Black moves first (a game from a set-up position). */
  blackStarts(): void {
    this.head[FLAGS] |= BLACK_STARTS;
  }

  /** The game starts from the standard position (not a set-up one, not Chess960). */
  standardStart(): void {
    this.head[FLAGS] |= STANDARD_START;
  }

  /** The game's outcome (null: unknown), which the import read from its result. */
  outcome(outcome: Outcome | null): void {
    this.head[FLAGS] = (this.head[FLAGS] & ~(3 << OUTCOME_SHIFT)) | (OUTCOMES.indexOf(outcome) << OUTCOME_SHIFT);
  }

  /** The main line's moves, packed (`packMove`), one for each board added after the first. */
  moves(packed: ArrayLike<number>): void {
    this.packed = packed;
  }

  /**
   * The signature of the boards added, with the moves where the game starts from the standard
   * position and they are one for each ply.
   */
  result(): Uint8Array {
    const { head, packed, positions } = this;
    if (positions > MAX_POSITIONS) head[FLAGS] |= NO_CHANGES;
    const flags = head[FLAGS];
    const withMoves = packed !== null && packed.length === positions - 1 && (flags & (STANDARD_START | INCOMPLETE | NO_CHANGES)) === STANDARD_START;
    head[FLAGS] = withMoves ? flags | MOVES : flags & ~MOVES;
    head[POSITIONS] = (positions >> 8) & 0xff;
    head[POSITIONS + 1] = positions & 0xff;
    const changes = (flags & NO_CHANGES) !== 0 ? 0 : this.length;
    const out = new Uint8Array(CHANGES + changes + (withMoves ? 2 * packed.length : 0));
    out.set(head);
    out.set(this.changes.subarray(0, changes), CHANGES);
    if (withMoves) {
      for (let i = 0, at = CHANGES + changes; i < packed.length; i++, at += 2) {
        out[at] = packed[i] >> 8;
        out[at + 1] = packed[i] & 0xff;
      }
    }
    return out;
  }

  private writeStart(): void {
    const key = materialKeyOf(this.counts);
    const high = Math.floor(key / 2 ** 32);
    const low = key % 2 ** 32;
    this.head[START_MATERIAL] = high & 0xff;
    for (let k = 0; k < 4; k++) this.head[START_MATERIAL + 1 + k] = (low >>> (24 - 8 * k)) & 0xff;
    this.filterMaterial();
  }

  /** The material and imbalance of the board added into the filters. */
  private filterMaterial(): void {
    setFilterBits(this.head, materialHash(materialKeyOf(this.counts)), MATERIALS);
    setFilterBits(this.head, imbalanceHash(imbalanceKeyOf(this.counts)), IMBALANCES);
  }

  /** The changes from the last board added to this one (ply `positions`): every piece code taken off paired with one put on. */
  private writeChanges(): void {
    const { counts, before } = this;
    let off = 0;
    let on = 0;
    for (let piece = 1; piece < 16; piece++) {
      const d = counts[piece] - before[piece];
      if (d === 0) continue;
      // The pieces off, then on, one at a time (a legal move changes at most three counts by one).
      for (let k = 0; k < -d; k++) off = (off << 4) | piece;
      for (let k = 0; k < d; k++) on = (on << 4) | piece;
    }
    if (off === 0 && on === 0) return;
    while (off !== 0 || on !== 0) {
      this.change(((off & 15) << 4) | (on & 15));
      off >>>= 4;
      on >>>= 4;
    }
    this.filterMaterial();
  }

  private change(code: number): void {
    let step = this.positions - this.changedAt;
    while (step > LONGEST_STEP) {
      this.push(LONGEST_STEP, 0);
      step -= LONGEST_STEP;
    }
    this.push(step, code);
    this.changedAt = this.positions;
  }

  private push(step: number, code: number): void {
    if (this.length + 2 > this.changes.length) {
      const grown = new Uint8Array(this.changes.length * 2);
      grown.set(this.changes);
      this.changes = grown;
    }
    this.changes[this.length++] = step;
    this.changes[this.length++] = code;
  }
}

/**
 * A walk of a signature's material ply by ply: the material and imbalance keys of ply `ply`,
 * moved on by `next` (or to the next change by `nextChange`), from `start`, which says false
 * where the signature does not keep the material (another version, a board not read, a count past 15).
 */
export class MaterialWalk {
  /** The ply the counts are of, from 0; `positions` the main line's. */
  ply = 0;
  positions = 0;
  material = 0;
  imbalance = 0;
  blackStarts = false;
  /** Where the packed moves start in the signature (the move to ply p at `movesAt + 2 (p - 1)`); -1: none kept. */
  movesAt = -1;
  /** The game's outcome as the import read it (null: unknown, or not kept: with the moves only). */
  outcome: Outcome | null = null;
  private signature: Uint8Array = new Uint8Array(0);
  /** The next change's index in the signature, the ply it applies at, and where the changes end. */
  private at = 0;
  private changeAt = 0;
  private end = 0;

  /** Starts on `signature` at ply 0; false where it does not keep the material. */
  start(signature: Uint8Array): boolean {
    const version = signature[0];
    const changes = changesOf(version);
    if (signature.length < changes || (version !== VERSION && version !== CHANGES_VERSION) || (signature[FLAGS] & (INCOMPLETE | NO_CHANGES)) !== 0) return false;
    const flags = signature[FLAGS];
    const positions = (signature[POSITIONS] << 8) | signature[POSITIONS + 1];
    const hasMoves = version === VERSION && (flags & MOVES) !== 0;
    const end = signature.length - (hasMoves && positions > 0 ? 2 * (positions - 1) : 0);
    if (end < changes || (end - changes) % 2 !== 0) return false;
    this.signature = signature;
    this.blackStarts = (flags & BLACK_STARTS) !== 0;
    this.movesAt = hasMoves ? end : -1;
    this.outcome = this.movesAt >= 0 ? OUTCOMES[flags >> OUTCOME_SHIFT] : null;
    this.positions = positions;
    const low = ((signature[START_MATERIAL + 1] << 24) | (signature[START_MATERIAL + 2] << 16) | (signature[START_MATERIAL + 3] << 8) | signature[START_MATERIAL + 4]) >>> 0;
    this.material = signature[START_MATERIAL] * 2 ** 32 + low;
    this.imbalance = imbalanceOfMaterial(this.material);
    this.ply = 0;
    this.end = end;
    this.at = changes;
    this.changeAt = this.at < end ? signature[this.at] : Infinity;
    return true;
  }

  /** Moves to the next ply; false past the last one. */
  next(): boolean {
    if (++this.ply >= this.positions) return false;
    this.apply(this.ply);
    return true;
  }

  /** Moves to the next ply whose material differs from this one's (past the last: false). */
  nextChange(): boolean {
    if (this.changeAt >= this.positions) return false;
    this.ply = this.changeAt;
    this.apply(this.ply);
    return true;
  }

  /** The ply of the next change (`positions` when there is none). */
  get nextChangeAt(): number {
    return Math.min(this.changeAt, this.positions);
  }

  /** Applies the changes of ply `ply` (those due at it). */
  private apply(ply: number): void {
    const sig = this.signature;
    while (this.changeAt === ply) {
      const code = sig[this.at + 1];
      this.material += MATERIAL_STEP[code & 15] - MATERIAL_STEP[code >> 4];
      this.imbalance += IMBALANCE_STEP[code & 15] - IMBALANCE_STEP[code >> 4];
      this.at += 2;
      this.changeAt = this.at < this.end ? ply + sig[this.at] : Infinity;
    }
  }
}

const boards = new PlyBoards();

/** A game's signature from its main line (the plies of variations are left out). */
function signatureOf(plies: readonly PlyRecord[]): Uint8Array {
  const builder = new ChessSignatureBuilder();
  const main = plies.every((p) => p.variation === '') ? plies : plies.filter((p) => p.variation === '');
  if (main[0]?.position.sideToMove === 'b') builder.blackStarts();
  boards.reset(main);
  for (let i = 0; i < main.length; i++) {
    if (boards.load(i)) builder.add(boards.board);
    else builder.unread();
  }
  return builder.result();
}

/** A condition's tests on a signature. */
interface ConditionTest {
  /** Per alternative, its [byte, mask] pairs of the squares, every pair's bit set for it to pass; null: no sub-fen. */
  subFens: Int32Array[] | null;
  /** The material keys and imbalance keys of the condition (null: any). */
  materials: Float64Array | null;
  imbalances: Int32Array | null;
  /** The condition's keys in version 1's filter and in version 3's. */
  bloom: FilterTests;
  filters: FilterTests;
}

/** Each material key's and each imbalance key's filter bits as [byte, mask] pairs, a group of `group` numbers a key (null: any). */
interface FilterTests {
  materials: Int32Array | null;
  imbalances: Int32Array | null;
  group: number;
}

const keyTests = (keys: readonly number[] | null, hash: (key: number) => number, filter: KeyFilter): Int32Array | null => {
  if (keys === null) return null;
  const group = 2 * filter.hashes;
  const out = new Int32Array(keys.length * group);
  keys.forEach((key, i) => filterBits(hash(key), filter, out, i * group));
  return out;
};

/** A condition's keys in a version's filters (both of which set as many bits a key). */
const filterTests = (cond: ChessCondition, materials: KeyFilter, imbalances: KeyFilter): FilterTests => ({
  materials: keyTests(cond.materials, materialHash, materials),
  imbalances: keyTests(cond.imbalances, imbalanceHash, imbalances),
  group: 2 * materials.hashes,
});

const testOf = (cond: ChessCondition): ConditionTest => ({
  subFens:
    cond.subFens?.map((pairs) => {
      const out = new Int32Array(pairs.length);
      for (let k = 0; k < pairs.length; k += 2) {
        out[k] = SQUARES + pieceIndex(pairs[k + 1]) * 8 + (pairs[k] >> 3);
        out[k + 1] = 1 << (pairs[k] & 7);
      }
      return out;
    }) ?? null,
  materials: cond.materials && Float64Array.from(cond.materials),
  imbalances: cond.imbalances && Int32Array.from(cond.imbalances),
  bloom: filterTests(cond, BLOOM_FILTER, BLOOM_FILTER),
  filters: filterTests(cond, MATERIALS, IMBALANCES),
});

/** Whether every [byte, mask] pair of `pairs[from, to)` has its bit set in `sig`. */
function allSet(sig: Uint8Array, pairs: Int32Array, from: number, to: number): boolean {
  for (let k = from; k < to; k += 2) if ((sig[pairs[k]] & pairs[k + 1]) === 0) return false;
  return true;
}

/** Whether some group of `size` numbers of `pairs` has all its bits set. */
function anyGroupSet(sig: Uint8Array, pairs: Int32Array, size: number): boolean {
  for (let g = 0; g < pairs.length; g += size) if (allSet(sig, pairs, g, g + size)) return true;
  return false;
}

/** Whether some alternative of the condition's sub-fen has every piece on a square it stood on. */
function squaresMayHold(test: ConditionTest, sig: Uint8Array): boolean {
  if (test.subFens === null) return true;
  for (let a = 0; a < test.subFens.length; a++) if (allSet(sig, test.subFens[a], 0, test.subFens[a].length)) return true;
  return false;
}

/** Whether the filters may hold one of the condition's materials and one of its imbalances. */
function filtersMayHold(tests: FilterTests, sig: Uint8Array): boolean {
  if (tests.materials !== null && !anyGroupSet(sig, tests.materials, tests.group)) return false;
  if (tests.imbalances !== null && !anyGroupSet(sig, tests.imbalances, tests.group)) return false;
  return true;
}

/** Whether `keys` holds `key` (a list of a few). */
function holdsKey(keys: ArrayLike<number>, key: number): boolean {
  for (let k = 0; k < keys.length; k++) if (keys[k] === key) return true;
  return false;
}

/** Whether the walk's ply has one of `materials` and one of `imbalances` (null: any). */
const keysMeet = (materials: ArrayLike<number> | null, imbalances: ArrayLike<number> | null, walk: MaterialWalk): boolean =>
  (materials === null || holdsKey(materials, walk.material)) && (imbalances === null || holdsKey(imbalances, walk.imbalance));

interface QueryTests {
  all: ConditionTest[];
  material: ConditionTest[];
}

/** Each query's tests, made on first use, and those of them about the material; the last query's at hand. */
const tests = new WeakMap<ChessQuery, QueryTests>();
let lastQuery: ChessQuery | null = null;
let lastTests: QueryTests = { all: [], material: [] };

const testsOf = (query: ChessQuery): QueryTests => {
  if (query === lastQuery) return lastTests;
  let made = tests.get(query);
  if (!made) {
    const all = query.steps.flat().map(testOf);
    made = { all, material: all.filter((t) => t.materials !== null || t.imbalances !== null) };
    tests.set(query, made);
  }
  lastQuery = query;
  lastTests = made;
  return made;
};
const walk = new MaterialWalk();
/** Per condition about the material, whether some ply of the walk met it. */
let met = new Uint8Array(8);

/**
 * Version 2: whether every condition about the material is met at some ply of the walk, which
 * goes from change to change (true where the signature does not keep the material).
 */
function changesMayHold(material: readonly ConditionTest[], sig: Uint8Array): boolean {
  if (material.length === 0 || !walk.start(sig)) return true;
  if (met.length < material.length) met = new Uint8Array(material.length);
  met.fill(0, 0, material.length);
  let left = material.length;
  do {
    for (let c = 0; c < material.length; c++) {
      if (met[c] === 0 && keysMeet(material[c].materials, material[c].imbalances, walk)) {
        met[c] = 1;
        if (--left === 0) return true;
      }
    }
  } while (walk.nextChange());
  return false;
}

/** False when no ply of the game can hold the pattern: some condition of it never can. */
function mayHold(query: ChessQuery, sig: Uint8Array): boolean {
  const version = sig[0];
  if (version === BLOOM_VERSION) {
    if (sig.length !== BLOOM_SIGNATURE_BYTES || (sig[FLAGS] & INCOMPLETE) !== 0) return true;
  } else if ((version !== VERSION && version !== CHANGES_VERSION) || sig.length < changesOf(version) || (sig[FLAGS] & INCOMPLETE) !== 0) return true;
  const conds = testsOf(query);
  // Version 3's filters hold the material of every ply, unless a count passed what the keys hold.
  const filtered = version === VERSION && (sig[FLAGS] & NO_CHANGES) === 0;
  for (let c = 0; c < conds.all.length; c++) {
    const test = conds.all[c];
    if (!squaresMayHold(test, sig)) return false;
    if (version === BLOOM_VERSION ? !filtersMayHold(test.bloom, sig) : filtered && !filtersMayHold(test.filters, sig)) return false;
  }
  return version === BLOOM_VERSION || changesMayHold(conds.material, sig);
}

/** Per alternative of a sub-fen, how many of each piece code it places (16 counts by code). */
const subFenNeeds = new WeakMap<ChessCondition, Int8Array[]>();
const needsOf = (cond: ChessCondition): Int8Array[] => {
  let needs = subFenNeeds.get(cond);
  if (!needs) {
    needs = (cond.subFens ?? []).map((pairs) => {
      const counts = new Int8Array(16);
      for (let k = 1; k < pairs.length; k += 2) counts[pairs[k]]++;
      return counts;
    });
    subFenNeeds.set(cond, needs);
  }
  return needs;
};

/** Whether `cond` may hold at the walk's ply (its sub-fen's pieces all there, its material and imbalance exactly). */
function materialAllows(cond: ChessCondition, walk: MaterialWalk): boolean {
  if (!keysMeet(cond.materials, cond.imbalances, walk)) return false;
  if (cond.subFens === null) return true;
  for (const need of needsOf(cond)) {
    let all = true;
    for (let piece = 1; piece < 16 && all; piece++) if (need[piece] > 0 && pieceCountIn(walk.material, piece) < need[piece]) all = false;
    if (all) return true;
  }
  return false;
}

/**
 * The last ply of the game where the pattern may hold by the material of the signature (its last
 * condition's pieces, material and imbalance), -1 where none may; null where the signature does
 * not keep the material. A walk of the game's moves can stop there.
 */
export function lastPlyThatMayHold(query: ChessQuery, signature: Uint8Array): number | null {
  if (!walk.start(signature)) return null;
  const lastStep = query.steps[query.steps.length - 1];
  const cond = lastStep[lastStep.length - 1];
  let last = -1;
  do {
    if (materialAllows(cond, walk)) last = walk.nextChangeAt - 1;
  } while (walk.nextChange());
  return last;
}

export const chessPatternSignature: PatternSignature<ChessQuery> = { of: signatureOf, mayHold };
