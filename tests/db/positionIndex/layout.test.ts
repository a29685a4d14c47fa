/**
 * A position index block or run, bit-packed (layout 2), holds exactly its entries and is read as
 * the layout before it (10-byte block entries, 6-byte run entries with their moves apart) is.
 */
import {
  BLOCK_ENTRY_BYTES,
  MAX_GAME_OFFSET,
  MAX_NODE,
  NO_MOVE,
  PACKED_BLOCK,
  PACKED_RUN,
  type Posting,
  RUN_ENTRY_BYTES,
  SIX_BYTE_RUN,
  TEN_BYTE_BLOCK,
  addBlockLos,
  decodeRun,
  decodeRunColumns,
  findInBlock,
  nodeWord,
  packBlock,
  packRun,
  unpackBlock,
  unpackRun,
} from '../../../src/db/positionIndex/layout';
import { type RunEntries, sixByteRun, tenByteBlock } from '../../support/oldIndexLayouts';

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

/** A run of `games` games from `first` on, every `spacing`th, each reaching the position at a node or two (a move, or none at a game's end). */
function sampleRun(games: number, first: number, spacing: number, moveCount: number, seed: number): RunEntries {
  let state = seed;
  const next = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state >>> 8;
  };
  const run = { offset: [] as number[], word: [] as number[], move: [] as number[] };
  for (let g = 0; g < games; g++) {
    const nodes = [next() % 120];
    if (next() % 5 === 0) nodes.push(nodes[0] + 1 + (next() % 40));
    for (const node of nodes) {
      run.offset.push(first + g * spacing);
      run.word.push(nodeWord(node, next() % 7 !== 0));
      run.move.push(next() % 11 === 0 ? moveCount : next() % moveCount);
    }
  }
  return run;
}

const BASE = 5000n;

const postings = (entries: Uint8Array, layout: number, limit?: number, after?: { gameId: bigint; node: number }): Posting[] => {
  const out: Posting[] = [];
  decodeRun(entries, layout, BASE, out, limit, after);
  return out;
};

describe('packed position index runs', () => {
  it('unpack to the entries they were packed from, and only the first count of them', () => {
    const run = sampleRun(300, 40, 18, 3, 5);
    expect(unpackRun(packRun(run, run.offset.length))).toEqual(run);
    expect(unpackRun(packRun(run, 10))).toEqual({ offset: run.offset.slice(0, 10), word: run.word.slice(0, 10), move: run.move.slice(0, 10) });
  });

  it('hold the largest values an entry may have', () => {
    const run = { offset: [0, MAX_GAME_OFFSET], word: [0, nodeWord(MAX_NODE, true)], move: [0, NO_MOVE - 1] };
    expect(unpackRun(packRun(run, 2))).toEqual(run);
  });

  it('take the bits their largest steps and values need: 200 games 18 apart, one move, in 2 bytes an entry or fewer', () => {
    const run = sampleRun(200, 17, 18, 1, 3);
    const packed = packRun(run, run.offset.length);
    const wordBits = Math.max(...run.word).toString(2).length;
    expect(wordBits).toBeLessThanOrEqual(9);
    expect(Array.from(packed.subarray(4, 7))).toEqual([5, wordBits, 1]);
    expect(packed.byteLength).toBe(7 + Math.ceil((run.offset.length * (5 + wordBits + 1)) / 8));
    expect(packed.byteLength * 4).toBeLessThan(run.offset.length * (RUN_ENTRY_BYTES + 2));
  });

  it('give the same places as the 6-byte layout: all of them, the first few, and those after any place', () => {
    const run = sampleRun(60, 3, 7, 4, 9);
    const packed = packRun(run, run.offset.length);
    const { entries: sixByte } = sixByteRun(run, 4);
    const all = postings(sixByte, SIX_BYTE_RUN);
    expect(all).toHaveLength(run.offset.length);
    expect(all.every((p) => p.exact)).toBe(true);
    expect(postings(packed, PACKED_RUN)).toEqual(all);
    expect(postings(packed, PACKED_RUN, 20)).toEqual(all.slice(0, 20));
    expect(postings(packed, PACKED_RUN, 0)).toEqual([]);
    // After each place, after a place between two, before the run and past it.
    const cursors = [
      ...all.map((p) => ({ gameId: p.gameId, node: p.node })),
      ...all.map((p) => ({ gameId: p.gameId, node: p.node - 1 })),
      ...all.map((p) => ({ gameId: p.gameId + 1n, node: 0 })),
      { gameId: 0n, node: 0 },
      { gameId: BASE - 1n, node: 1_000 },
      { gameId: BASE + 100_000_000n, node: 0 },
    ];
    for (const after of cursors) {
      for (const limit of [1, 20, Infinity]) expect(postings(packed, PACKED_RUN, limit, after)).toEqual(postings(sixByte, SIX_BYTE_RUN, limit, after));
    }
  });

  it('give the same columns, moves included, as the 6-byte layout with its moves', () => {
    const run = sampleRun(400, 0, 3, 6, 13);
    const old = sixByteRun(run, 6);
    const columns = decodeRunColumns(packRun(run, run.offset.length), PACKED_RUN, null, 6);
    expect(columns).toEqual(decodeRunColumns(old.entries, SIX_BYTE_RUN, old.moves, 6));
    // An entry from which no move was played names the move past the list's end (NO_MOVE in layout 1).
    const oldMoves = new DataView(old.moves.buffer);
    expect(run.move.filter((m) => m === 6).length).toBeGreaterThan(0);
    expect(run.move.filter((_, i) => oldMoves.getUint16(i * 2) === NO_MOVE)).toEqual(run.move.filter((m) => m === 6));
    expect([Array.from(columns.offsets), Array.from(columns.words), Array.from(columns.moves)]).toEqual([run.offset, run.word, run.move]);
  });

  it('refuse a layout this version does not know, and a 6-byte run without its moves', () => {
    expect(() => decodeRun(new Uint8Array(6), 3, 0n, [])).toThrow(/run of layout 3/);
    expect(() => decodeRunColumns(new Uint8Array(6), 3, null, 0)).toThrow(/run of layout 3/);
    expect(() => decodeRunColumns(new Uint8Array(6), SIX_BYTE_RUN, null, 0)).toThrow(/no moves/);
  });
});
