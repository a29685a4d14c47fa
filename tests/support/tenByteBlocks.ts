/** Position index blocks as tabula wrote them before 2026-11-28 (layout 1, 10 bytes an entry), for the specs that read them. */
import { BLOCK_ENTRY_BYTES, setUint24 } from '../../src/db/positionIndex/layout';

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
