/**
 * The chess pattern pre-filter (as SCID's and Scoutfish's): a game's signature says which squares
 * each piece ever stood on along the main line and which materials it reached, so a pattern
 * whose piece never stood on its square, or whose material or imbalance never occurred, rules the
 * game out before it is replayed. It never rules out a game where the pattern holds: each test is
 * a necessary condition of a single ply's match.
 *
 * Layout (226 bytes a game):
 * - byte 0: the layout's version, 1 (another version, or another length: nothing is ruled out);
 * - byte 1: flags; bit 0 set when some main-line ply's board could not be read (nothing is ruled out);
 * - bytes 2..97: for each of the 12 pieces in the order P N B R Q K p n b r q k, 8 bytes: the
 *   squares it stood on at some ply, square s (a1 = 0, b1 = 1, …, h8 = 63) as bit s & 7 of byte s >> 3;
 * - bytes 98..225: a 1024-bit Bloom filter of the material keys and imbalance keys reached
 *   (`materialKeyOf`, `imbalanceKeyOf` of `patternQuery.ts`), 3 bits each, bit b as bit b & 7 of
 *   byte b >> 3. A game reaches some 5 to 40 materials; with 2 keys each the filter lets about
 *   1 in 200 games through for a material it never reached.
 */
import type { PlyRecord } from '../../db/records';
import type { PatternSignature } from '../patterns';
import { PlyBoards } from './patternBoard';
import { type ChessCondition, type ChessQuery, imbalanceKeyOf, materialKeyOf } from './patternQuery';

const VERSION = 1;
const FLAGS = 1;
const INCOMPLETE = 1;
const SQUARES = 2;
const BLOOM = SQUARES + 12 * 8;
const BLOOM_BITS = 1024;
export const CHESS_SIGNATURE_BYTES = BLOOM + BLOOM_BITS / 8;

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

/** The Bloom filter hash of a material key (White's 20 bits, Black's 20 bits). */
const materialHash = (key: number): number => mix(Math.floor(key / 0x100000), key % 0x100000);
/** The Bloom filter hash of an imbalance key (tagged with bit 30, which no material half has). */
const imbalanceHash = (key: number): number => mix(key | 0x40000000, 0);

/** The three filter bits of a hash, as [byte, mask] pairs into `out` from `at`. */
function bloomBits(hash: number, out: Int32Array, at: number): void {
  for (let k = 0; k < 3; k++) {
    const bit = (hash >>> (10 * k)) & (BLOOM_BITS - 1);
    out[at + 2 * k] = BLOOM + (bit >> 3);
    out[at + 2 * k + 1] = 1 << (bit & 7);
  }
}

const scratchBits = new Int32Array(6);
function addToBloom(sig: Uint8Array, hash: number): void {
  bloomBits(hash, scratchBits, 0);
  for (let k = 0; k < 6; k += 2) sig[scratchBits[k]] |= scratchBits[k + 1];
}

/**
 * A signature built board by board: `add` each main-line position's board (64 squares a1 = 0, or
 * the codec's 0x88 board with `x88`), then `result`. The import adds the boards its replay walks
 * (no FEN written or read); a search's `of` adds the boards of the plies it reads.
 */
export class ChessSignatureBuilder {
  private sig = new Uint8Array(CHESS_SIGNATURE_BYTES);
  private lastMaterial = -1;
  private readonly counts = new Int8Array(16);

  constructor() {
    this.sig[0] = VERSION;
  }

  /** A board of 64 squares (a1 = 0), or with `x88` of 128 (0x88 squares: rank << 4 | file); piece codes White 1..6, Black 9..14. */
  add(board: Int8Array, x88 = false): void {
    const { sig, counts } = this;
    counts.fill(0);
    for (let sq = 0; sq < 64; sq++) {
      const piece = board[x88 ? ((sq >> 3) << 4) | (sq & 7) : sq];
      if (piece === 0) continue;
      counts[piece]++;
      sig[SQUARES + pieceIndex(piece) * 8 + (sq >> 3)] |= 1 << (sq & 7);
    }
    const material = materialKeyOf(counts);
    if (material === this.lastMaterial) return;
    this.lastMaterial = material;
    addToBloom(sig, materialHash(material));
    addToBloom(sig, imbalanceHash(imbalanceKeyOf(counts)));
  }

  /** A main-line ply whose board could not be read: the signature rules nothing out. */
  unread(): void {
    this.sig[FLAGS] |= INCOMPLETE;
  }

  /** The signature of the boards added. */
  result(): Uint8Array {
    return this.sig;
  }
}

const boards = new PlyBoards();

/** A game's signature from its main line (the plies of variations are left out). */
function signatureOf(plies: readonly PlyRecord[]): Uint8Array {
  const builder = new ChessSignatureBuilder();
  const main = plies.every((p) => p.variation === '') ? plies : plies.filter((p) => p.variation === '');
  boards.reset(main);
  for (let i = 0; i < main.length; i++) {
    if (boards.load(i)) builder.add(boards.board);
    else builder.unread();
  }
  return builder.result();
}

/** A condition's tests on a signature: lists of [byte, mask] pairs, every pair's bit set for one alternative to pass. */
interface ConditionTest {
  subFens: Int32Array[] | null;
  /** Each key's 3 filter bits as 6 numbers, keys one after another. */
  materials: Int32Array | null;
  imbalances: Int32Array | null;
}

const bloomTests = (keys: readonly number[], hash: (key: number) => number): Int32Array => {
  const out = new Int32Array(keys.length * 6);
  keys.forEach((key, i) => bloomBits(hash(key), out, i * 6));
  return out;
};

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
  materials: cond.materials ? bloomTests(cond.materials, materialHash) : null,
  imbalances: cond.imbalances ? bloomTests(cond.imbalances, imbalanceHash) : null,
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

function conditionMayHold(test: ConditionTest, sig: Uint8Array): boolean {
  if (test.subFens !== null) {
    let any = false;
    for (let a = 0; a < test.subFens.length && !any; a++) any = allSet(sig, test.subFens[a], 0, test.subFens[a].length);
    if (!any) return false;
  }
  if (test.materials !== null && !anyGroupSet(sig, test.materials, 6)) return false;
  if (test.imbalances !== null && !anyGroupSet(sig, test.imbalances, 6)) return false;
  return true;
}

/** Each query's tests, made on first use. */
const tests = new WeakMap<ChessQuery, ConditionTest[]>();

/** False when no ply of the game can hold the pattern: some condition of it never can. */
function mayHold(query: ChessQuery, sig: Uint8Array): boolean {
  if (sig.length !== CHESS_SIGNATURE_BYTES || sig[0] !== VERSION || (sig[FLAGS] & INCOMPLETE) !== 0) return true;
  let conds = tests.get(query);
  if (!conds) {
    conds = query.steps.flat().map(testOf);
    tests.set(query, conds);
  }
  for (let c = 0; c < conds.length; c++) if (!conditionMayHold(conds[c], sig)) return false;
  return true;
}

export const chessPatternSignature: PatternSignature<ChessQuery> = { of: signatureOf, mayHold };
