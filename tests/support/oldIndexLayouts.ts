/**
 * Position index rows as tabula wrote them before 2026-11-28, for the specs that read them:
 * blocks of layout 1 (10 bytes an entry) and runs of layout 1 (6 bytes an entry, the moves apart).
 */
import type { Database } from '../../src/db/database';
import { BLOCK_ENTRY_BYTES, NO_MOVE, PACKED_RUN, RUN_ENTRY_BYTES, SIX_BYTE_RUN, setUint24, unpackRun } from '../../src/db/positionIndex/layout';

/** Entries as columns, sorted by lo. */
export interface EntryColumns {
  lo: readonly number[];
  offset: readonly number[];
  word: readonly number[];
}

/** The entries in layout 1: `lo` (u32) | game offset (u24) | node word (u24), each. */
export function tenByteBlock(entries: EntryColumns): Uint8Array {
  const bytes = new Uint8Array(entries.lo.length * BLOCK_ENTRY_BYTES);
  const view = new DataView(bytes.buffer);
  entries.lo.forEach((lo, i) => {
    view.setUint32(i * BLOCK_ENTRY_BYTES, lo);
    setUint24(view, i * BLOCK_ENTRY_BYTES + 4, entries.offset[i]);
    setUint24(view, i * BLOCK_ENTRY_BYTES + 7, entries.word[i]);
  });
  return bytes;
}

/** A run's entries as columns, sorted by game offset and node: each move an index into the run's `moveList`, its length when none was played. */
export interface RunEntries {
  offset: readonly number[];
  word: readonly number[];
  move: readonly number[];
}

/** A run in layout 1: its `entries`, game offset (u24) | node word (u24) each, and its `moves`, a u16 each (NO_MOVE for none). */
export function sixByteRun(run: RunEntries, moveCount: number): { entries: Uint8Array; moves: Uint8Array } {
  const entries = new Uint8Array(run.offset.length * RUN_ENTRY_BYTES);
  const moves = new Uint8Array(run.offset.length * 2);
  const [entryView, moveView] = [new DataView(entries.buffer), new DataView(moves.buffer)];
  run.offset.forEach((offset, i) => {
    setUint24(entryView, i * RUN_ENTRY_BYTES, offset);
    setUint24(entryView, i * RUN_ENTRY_BYTES + 3, run.word[i]);
    moveView.setUint16(i * 2, run.move[i] < moveCount ? run.move[i] : NO_MOVE);
  });
  return { entries, moves };
}

/** Rewrites every run of `db` (each packed, layout 2) in layout 1, as tabula wrote them before: the number of runs rewritten. */
export async function rewriteRunsInSixByteLayout(db: Database): Promise<number> {
  const runs = await db.sql.query<{ kind: string; hash: bigint; baseGameId: bigint; layout: number; entries: Uint8Array; moveList: string[] }>(
    `SELECT kind::text AS kind, hash, "baseGameId", layout, entries, "moveList" FROM "PositionRun"`,
  );
  for (const r of runs) {
    if (r.layout !== PACKED_RUN) throw new Error(`run of layout ${r.layout}: only packed runs are rewritten`);
    const old = sixByteRun(unpackRun(r.entries), r.moveList.length);
    await db.sql.query(
      `UPDATE "PositionRun" SET layout = $4, entries = $5, moves = $6 WHERE kind = $1::"GameKind" AND hash = $2 AND "baseGameId" = $3`,
      [r.kind, r.hash, r.baseGameId, SIX_BYTE_RUN, Buffer.from(old.entries), Buffer.from(old.moves)],
    );
  }
  return runs.length;
}
