/**
 * Do stored Go hashes agree with a Zobrist table? The same count serves the check a position
 * file gets while it is imported and `goHashCheck` on an import already stored: each board is
 * hashed canonically (the least of its 8 symmetries) and compared with the hash its record carries.
 */
// From their own modules, not the codec's index: the index's re-exports are getters, and these run for each of a file's boards.
import { canonicalHashInto } from '../../codecs/go/canonical';
import { cellOfCharCode } from '../../codecs/go/board';
import type { SqlExecutor } from '../../db/sql';
import type { NamedHasher } from './files';

/**
 * Cells (0 empty, 1 black, 2 white) of an 81-character `#`/`O`/`.` board, written into `cells`
 * (any other character, which a stored board never holds, as empty); returns the stone count.
 */
export const cellsOf = (board: string, cells: Uint8Array): number => {
  let stones = 0;
  for (let i = 0; i < cells.length; i++) {
    const v = Math.max(0, cellOfCharCode(board.charCodeAt(i)));
    cells[i] = v;
    if (v !== 0) stones++;
  }
  return stones;
};

/** A board that disagrees: where it was, its key, and the hash the table gives it. */
export interface Disagreement {
  index: number;
  key: string;
  expected: string;
}

/** Counts boards whose stored hash the table reproduces; keeps the first `keep` that it does not. */
export class HashAgreement {
  checked = 0;
  agreeing = 0;
  readonly disagreements: Disagreement[] = [];
  private readonly cells = new Uint8Array(81);
  private readonly out = new Uint32Array(2);

  constructor(
    readonly named: NamedHasher,
    private readonly keep = 1,
  ) {}

  /** Checks one 9x9 board against its stored hash (16 hex digits); returns the board's stone count. */
  check(board: string, hashHex: string, key: string, index: number): number {
    const stones = cellsOf(board, this.cells);
    if (!this.checkCells(this.cells, parseInt(hashHex.slice(0, 8), 16), parseInt(hashHex.slice(8, 16), 16))) this.disagree(index, key);
    return stones;
  }

  /**
   * Checks one 9x9 board given as its cells against the two 32-bit halves of its stored hash
   * (unsigned, most significant first); false when the table hashes it otherwise (`disagree` then
   * keeps it).
   */
  checkCells(cells: Uint8Array, hashHi: number, hashLo: number): boolean {
    canonicalHashInto(this.named.hasher, cells, this.out);
    this.checked++;
    if (hashHi !== this.out[0] || hashLo !== this.out[1]) return false;
    this.agreeing++;
    return true;
  }

  /** Keeps the board `checkCells` just found disagreeing (record `index`, its key), while fewer than `keep` are kept. */
  disagree(index: number, key: string): void {
    if (this.disagreements.length >= this.keep) return;
    const expected = this.out[0].toString(16).padStart(8, '0') + this.out[1].toString(16).padStart(8, '0');
    this.disagreements.push({ index, key, expected });
  }
}

export interface GoHashCheckResult {
  table: string;
  checked: number;
  agreeing: number;
  /** Keys of the first ten positions whose hash the table does not reproduce. */
  examples: string[];
}

/** Rows read per statement while an import's listed boards are checked. */
const PAGE = 20_000;

/** Hashes the 9x9 boards listed by one import with a table, page by page, and counts the stored hashes it reproduces. */
export async function checkImportHashes(sql: SqlExecutor, importId: bigint, named: NamedHasher): Promise<GoHashCheckResult> {
  const agreement = new HashAgreement(named, 10);
  let after = -1;
  for (;;) {
    const rows = await sql.query<{ key: string; board: string; listIndex: number }>(
      `SELECT p.key, p.board, l."listIndex" FROM "ImportPosition" l JOIN "Position" p ON p.id = l."positionId"
       WHERE l."importId" = $1 AND l."listIndex" > $2 ORDER BY l."listIndex" LIMIT ${PAGE}`,
      [importId, after],
    );
    for (const row of rows) {
      if (row.board.length === 81) agreement.check(row.board, row.key, row.key, row.listIndex);
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1].listIndex;
  }
  return { table: named.name, checked: agreement.checked, agreeing: agreement.agreeing, examples: agreement.disagreements.map((d) => d.key) };
}
