/** A position index block, bit-packed (layout 2), holds exactly its entries and is found as the 10-byte layout is. */
import {
  BLOCK_ENTRY_BYTES,
  MAX_GAME_OFFSET,
  MAX_NODE,
  PACKED_BLOCK,
  type Posting,
  TEN_BYTE_BLOCK,
  addBlockLos,
  findInBlock,
  nodeWord,
  packBlock,
  unpackBlock,
} from '../../../src/db/positionIndex/layout';
import { tenByteBlock } from '../../support/tenByteBlocks';

/** Entries sorted by lo, as a flush writes a block. */
interface Entry {
  lo: number;
  offset: number;
  word: number;
}

const columnsOf = (entries: readonly Entry[]) => ({ lo: entries.map((e) => e.lo), offset: entries.map((e) => e.offset), word: entries.map((e) => e.word) });

/** A deterministic block of `count` entries over the whole range of lo, with some lo repeated. */
function sampleEntries(count: number, seed: number): Entry[] {
  let state = seed;
  const next = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state;
  };
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) entries.push({ lo: next(), offset: next() % 12_000, word: nodeWord(next() % 300, next() % 2 === 0) });
  for (let i = 0; i + 1 < count; i += 17) entries[i + 1].lo = entries[i].lo;
  return entries.sort((a, b) => a.lo - b.lo || a.offset - b.offset);
}

describe('packed position index blocks', () => {
  it('unpack to the entries they were packed from', () => {
    const entries = sampleEntries(500, 7);
    expect(unpackBlock(packBlock(columnsOf(entries), entries.length))).toEqual(columnsOf(entries));
  });

  it('hold the largest values an entry may have', () => {
    const entries = [
      { lo: 0, offset: 0, word: 0 },
      { lo: 0xffffffff, offset: MAX_GAME_OFFSET, word: nodeWord(MAX_NODE, true) },
    ];
    expect(unpackBlock(packBlock(columnsOf(entries), 2))).toEqual(columnsOf(entries));
  });

  it('hold one entry of zeros in the head alone', () => {
    const block = packBlock(columnsOf([{ lo: 0, offset: 0, word: 0 }]), 1);
    expect(Array.from(block)).toEqual([0, 0, 0, 1, 0, 0, 0]);
    expect(unpackBlock(block)).toEqual({ lo: [0], offset: [0], word: [0] });
  });

  it('pack only the first count entries of their columns', () => {
    const entries = sampleEntries(40, 3);
    expect(unpackBlock(packBlock(columnsOf(entries), 10))).toEqual(columnsOf(entries.slice(0, 10)));
  });

  it('take the bits their largest values need: a chess flush of 12,000 games in 51 bits an entry or fewer', () => {
    const entries = sampleEntries(244, 11);
    const block = packBlock(columnsOf(entries), entries.length);
    expect(block[5]).toBe(14);
    expect(block[6]).toBe(10);
    expect(block.byteLength).toBeLessThanOrEqual(7 + Math.ceil((244 * (block[4] + 14 + 10)) / 8));
    expect(block.byteLength).toBeLessThan(244 * BLOCK_ENTRY_BYTES * 0.7);
  });

  it('give every lo the same places as the 10-byte layout, and none to a lo they do not hold', () => {
    const entries = sampleEntries(300, 5);
    const packed = packBlock(columnsOf(entries), entries.length);
    const tenByte = tenByteBlock(columnsOf(entries));
    const find = (block: Uint8Array, layout: number, lo: number): Posting[] => {
      const out: Posting[] = [];
      findInBlock(block, layout, 1000n, lo, out);
      return out;
    };
    for (const lo of new Set(entries.map((e) => e.lo))) {
      const places = find(tenByte, TEN_BYTE_BLOCK, lo);
      expect(places.length).toBe(entries.filter((e) => e.lo === lo).length);
      expect(find(packed, PACKED_BLOCK, lo)).toEqual(places);
    }
    const held = new Set(entries.map((e) => e.lo));
    let absent = entries[10].lo + 1;
    while (held.has(absent)) absent++;
    expect(find(packed, PACKED_BLOCK, absent)).toEqual([]);
    expect(find(packed, PACKED_BLOCK, 0xffffffff)).toEqual(find(tenByte, TEN_BYTE_BLOCK, 0xffffffff));
  });

  it('give every low half they hold in one pass, as the 10-byte layout does', () => {
    const entries = sampleEntries(300, 9);
    const fromPacked = new Set<number>();
    const fromTenByte = new Set<number>();
    addBlockLos(packBlock(columnsOf(entries), entries.length), PACKED_BLOCK, fromPacked);
    addBlockLos(tenByteBlock(columnsOf(entries)), TEN_BYTE_BLOCK, fromTenByte);
    expect(fromPacked).toEqual(new Set(entries.map((e) => e.lo)));
    expect(fromTenByte).toEqual(fromPacked);
  });

  it('refuse a layout this version does not know', () => {
    expect(() => findInBlock(new Uint8Array(10), 3, 0n, 0, [])).toThrow(/layout 3/);
  });
});
