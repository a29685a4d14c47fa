/**
 * Writes the position index of an import's games (packed as `layout.ts` says).
 * The import adds each stored game's plies to a `PositionIndexBuffer`; when the buffer holds
 * FLUSH_ENTRIES entries, and at the end of the import, it is flushed inside the import's
 * transaction:
 * - entries are sorted by (kind, bucket, lo, rest of the hash), file order kept within a hash;
 * - a position with HOT_RUN_ENTRIES entries or more gets a `PositionRun` row of its own and
 *   `PositionMove` rows counting, per move played from it, the games and their outcomes (as the
 *   game's reader read them from its result and the game stores them: no result text is read here);
 * - the other entries go, bucket by bucket, into one `PositionBlock` row each.
 * Every row carries its import, so deleting the import (a foreign key with ON DELETE CASCADE)
 * removes them all. Memory is bounded by one flush.
 */
import type { CopyValue } from '../copyText';
import type { GameKind, GameRecord, PlyRecord } from '../records';
import type { PackedPlies } from '../packedPlies';
import { distinctPlyIndexes } from '../records';
import { writtenDateRange } from '../dateRange';
import { type MoveTally, type TalliedGame, TALLY_NUMBERS, addToTally, emptyTally } from './tally';
import type { SqlExecutor } from '../sql';
import {
  HOT_RUN_ENTRIES,
  MAX_GAME_OFFSET,
  MAX_NODE,
  NO_MOVE,
  PACKED_BLOCK,
  PACKED_RUN,
  bucketOf,
  nodeWord,
  packBlock,
  packRun,
  positionHash,
  signedHash,
} from './layout';

/** Entries a buffer takes before the import flushes it (about 12,000 chess games; ~20 MB). */
const FLUSH_ENTRIES = 1_000_000;

/** A list of texts as a PostgreSQL array literal (`{"e4","d4"}`), for COPY. */
const textArray = (items: readonly string[]): string => `{${items.map((t) => `"${t.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** What the tally reads of a game record about to be stored. */
export const talliedRecord = (game: GameRecord): TalliedGame => ({
  outcome: game.outcome,
  firstPoints: game.firstPoints,
  player1Rating: game.attributes?.player1Rating ?? null,
  player2Rating: game.attributes?.player2Rating ?? null,
  playedOn: writtenDateRange(game.dateText)?.from ?? null,
});

/** Growable columns of one kind's entries. */
class Entries {
  size = 0;
  hi = new Uint32Array(1024);
  lo = new Uint32Array(1024);
  game = new Uint32Array(1024);
  word = new Uint32Array(1024);
  move = new Int32Array(1024);

  push(hi: number, lo: number, game: number, word: number, move: number): void {
    if (this.size === this.hi.length) this.grow();
    const i = this.size++;
    this.hi[i] = hi;
    this.lo[i] = lo;
    this.game[i] = game;
    this.word[i] = word;
    this.move[i] = move;
  }

  private grow(): void {
    const n = this.hi.length * 2;
    const copy = <T extends Uint32Array | Int32Array>(a: T, b: T): T => (b.set(a), b);
    this.hi = copy(this.hi, new Uint32Array(n));
    this.lo = copy(this.lo, new Uint32Array(n));
    this.game = copy(this.game, new Uint32Array(n));
    this.word = copy(this.word, new Uint32Array(n));
    this.move = copy(this.move, new Int32Array(n));
  }
}

/**
 * Entry indexes sorted by (bucket, lo, the rest of hi), stable, with the hashes in that order: an
 * LSD radix sort, 16 bits a pass (the rest of hi is 20 bits, the bucket 12). The hashes move with
 * the indexes, so each pass reads them in order instead of through the indexes (a flush of a
 * million entries spent most of its sort waiting on memory).
 */
function sortedEntries(e: Entries): { order: Uint32Array; hi: Uint32Array; lo: Uint32Array } {
  const n = e.size;
  let order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let hi = e.hi.slice(0, n);
  let lo = e.lo.slice(0, n);
  let [spareOrder, spareHi, spareLo] = [new Uint32Array(n), new Uint32Array(n), new Uint32Array(n)];
  const counts = new Uint32Array(65537);
  // Each pass's digit: low 16 bits of hi, its next 4, lo's low and high halves, hi's top 12 (the bucket).
  const digit = (pass: number, h: number, l: number): number =>
    pass === 0 ? h & 0xffff : pass === 1 ? (h >>> 16) & 0xf : pass === 2 ? l & 0xffff : pass === 3 ? l >>> 16 : h >>> 20;
  for (let pass = 0; pass < 5; pass++) {
    counts.fill(0);
    for (let k = 0; k < n; k++) counts[digit(pass, hi[k], lo[k]) + 1]++;
    for (let d = 1; d < counts.length; d++) counts[d] += counts[d - 1];
    for (let k = 0; k < n; k++) {
      const at = counts[digit(pass, hi[k], lo[k])]++;
      spareOrder[at] = order[k];
      spareHi[at] = hi[k];
      spareLo[at] = lo[k];
    }
    [order, spareOrder] = [spareOrder, order];
    [hi, spareHi] = [spareHi, hi];
    [lo, spareLo] = [spareLo, lo];
  }
  return { order, hi, lo };
}

/** Index rows by their hash (the second column), as PostgreSQL orders its signed bigint; stable. */
const bySignedHash = (a: CopyValue[], b: CopyValue[]): number => ((a[1] as bigint) < (b[1] as bigint) ? -1 : (a[1] as bigint) > (b[1] as bigint) ? 1 : 0);

/** The position index entries of an import, waiting to be written. */
export class PositionIndexBuffer {
  private readonly kinds = new Map<GameKind, Entries>();
  private readonly gameIds: bigint[] = [];
  /** Per buffered game, what the explorer's counts read of it. */
  private readonly tallied: TalliedGame[] = [];
  private readonly moves: string[] = [];
  private readonly moveIds = new Map<string, number>();
  private entryCount = 0;

  private lowestId = 0n;
  private highestId = 0n;

  /** Whether a game with this id can join the flush (its offset from the flush's games fits in 24 bits). */
  private fits(gameId: bigint): boolean {
    if (this.gameIds.length === 0) return true;
    const [low, high] = [this.lowestId, this.highestId];
    const span = (gameId > high ? gameId : high) - (gameId < low ? gameId : low);
    return span <= BigInt(MAX_GAME_OFFSET);
  }

  /** Adds a stored game's plies: each position under its key (and its group key, where it has one). */
  addGame(sql: SqlExecutor, importId: bigint, gameId: bigint, game: GameRecord): Promise<void> {
    if (game.packedPlies) return this.addPacked(sql, importId, gameId, talliedRecord(game), game.packedPlies);
    const nodes = distinctPlyIndexes(game.plies).map((node) => ({ node, ply: game.plies[node] }));
    return this.addNodes(sql, importId, gameId, talliedRecord(game), nodes);
  }

  /**
   * Adds the given nodes of a stored game (each with its index in the game's replay), counted
   * with the game's stored outcome, points, ratings and date. What is buffered is written first when the game is
   * too far from the buffered games for a 24-bit offset, and afterwards once FLUSH_ENTRIES entries wait.
   */
  async addNodes(
    sql: SqlExecutor,
    importId: bigint,
    gameId: bigint,
    game: TalliedGame,
    nodes: readonly { node: number; ply: PlyRecord }[],
  ): Promise<void> {
    if (nodes.length === 0) return;
    if (!this.fits(gameId)) await this.flush(sql, importId);
    this.append(gameId, game, nodes);
    if (this.entryCount >= FLUSH_ENTRIES) await this.flush(sql, importId);
  }

  /** `addNodes` of a game whose entries were made where it was read (`packPlies`): the same entries, in the same order. */
  private async addPacked(sql: SqlExecutor, importId: bigint, gameId: bigint, game: TalliedGame, packed: PackedPlies): Promise<void> {
    if (packed.entries.length === 0 && packed.overflowNode < 0) return;
    if (!this.fits(gameId)) await this.flush(sql, importId);
    if (packed.overflowNode >= 0) throw new Error(`game ${gameId} has more than ${MAX_NODE} nodes: the position index cannot hold node ${packed.overflowNode}`);
    const g = this.gameIds.length;
    if (g === 0 || gameId < this.lowestId) this.lowestId = gameId;
    if (g === 0 || gameId > this.highestId) this.highestId = gameId;
    this.gameIds.push(gameId);
    this.tallied.push(game);
    let entries = this.kinds.get(packed.kind);
    if (!entries) this.kinds.set(packed.kind, (entries = new Entries()));
    const { entries: e, moves } = packed;
    for (let k = 0, m = 0; k < e.length; k += 3, m++) {
      const played = moves[m];
      entries.push(e[k], e[k + 1], g, e[k + 2], played ? this.moveId(played) : -1);
    }
    this.entryCount += moves.length;
    if (this.entryCount >= FLUSH_ENTRIES) await this.flush(sql, importId);
  }

  private append(gameId: bigint, game: TalliedGame, nodes: readonly { node: number; ply: PlyRecord }[]): void {
    const g = this.gameIds.length;
    if (g === 0 || gameId < this.lowestId) this.lowestId = gameId;
    if (g === 0 || gameId > this.highestId) this.highestId = gameId;
    this.gameIds.push(gameId);
    this.tallied.push(game);
    for (const { node, ply } of nodes) {
      if (node > MAX_NODE) throw new Error(`game ${gameId} has more than ${MAX_NODE} nodes: the position index cannot hold node ${node}`);
      const { kind: positionKind, key, groupKey } = ply.position;
      let entries = this.kinds.get(positionKind);
      if (!entries) this.kinds.set(positionKind, (entries = new Entries()));
      const word = nodeWord(node, ply.variation === '');
      const played = ply.explorerMove ?? ply.nextMove;
      const move = played ? this.moveId(played) : -1;
      const h = positionHash(key);
      entries.push(h.hi, h.lo, g, word, move);
      this.entryCount++;
      if (groupKey && groupKey !== key) {
        const gh = positionHash(groupKey);
        entries.push(gh.hi, gh.lo, g, word, move);
        this.entryCount++;
      }
    }
  }

  private moveId(move: string): number {
    let id = this.moveIds.get(move);
    if (id === undefined) {
      id = this.moves.length;
      this.moves.push(move);
      this.moveIds.set(move, id);
    }
    return id;
  }

  /** Writes what is buffered as index rows of `importId` and empties the buffer. */
  async flush(sql: SqlExecutor, importId: bigint): Promise<void> {
    if (this.gameIds.length === 0) return;
    const base = this.lowestId;
    const offsets = this.gameIds.map((id) => Number(id - base));
    const rows = { blocks: [] as CopyValue[][], runs: [] as CopyValue[][], moves: [] as CopyValue[][] };
    for (const [kind, entries] of this.kinds) this.rowsOfKind(kind, entries, offsets, base, importId, rows);
    if (rows.blocks.length > 0) await sql.copyRows('PositionBlock', ['kind', 'bucket', 'baseGameId', 'importId', 'layout', 'entries'], rows.blocks);
    if (rows.runs.length > 0) {
      await sql.copyRows('PositionRun', ['kind', 'hash', 'baseGameId', 'importId', 'occurrences', 'games', 'layout', 'entries', 'moveList'], rows.runs);
    }
    if (rows.moves.length > 0) {
      await sql.copyRows('PositionMove', ['kind', 'hash', 'baseGameId', 'move', 'mainLine', 'importId', ...TALLY_NUMBERS, 'lastPlayed'], rows.moves);
    }
    this.kinds.clear();
    this.gameIds.length = 0;
    this.tallied.length = 0;
    this.moves.length = 0;
    this.moveIds.clear();
    this.entryCount = 0;
  }

  private rowsOfKind(
    kind: GameKind,
    e: Entries,
    offsets: number[],
    base: bigint,
    importId: bigint,
    rows: { blocks: CopyValue[][]; runs: CopyValue[][]; moves: CopyValue[][] },
  ): void {
    const { order, hi: sortedHi, lo: sortedLo } = sortedEntries(e);
    // The runs and move counts, put in their primary keys' order (the signed hash) before they
    // are copied: inserted in key order, their indexes' pages are filled, not split half empty.
    const runs: CopyValue[][] = [];
    const moveRows: CopyValue[][] = [];
    // The block being filled, and the run: their entries as columns (at most the kind's entries).
    const block = { lo: new Uint32Array(order.length), offset: new Uint32Array(order.length), word: new Uint32Array(order.length) };
    let blockLength = 0;
    const run = { offset: new Uint32Array(order.length), word: new Uint32Array(order.length), move: new Int32Array(order.length) };
    let blockBucket = -1;
    const closeBlock = (): void => {
      if (blockLength > 0) rows.blocks.push([kind, blockBucket, base, importId, PACKED_BLOCK, packBlock(block, blockLength)]);
      blockLength = 0;
    };
    for (let start = 0; start < order.length; ) {
      const hi = sortedHi[start];
      const lo = sortedLo[start];
      let end = start + 1;
      while (end < order.length && sortedHi[end] === hi && sortedLo[end] === lo) end++;
      if (end - start >= HOT_RUN_ENTRIES) {
        const games = new Set<number>();
        // Per entry, the move played from it as an index into the run's own list of moves.
        const moveList: string[] = [];
        const local = new Map<number, number>();
        for (let k = start; k < end; k++) {
          const i = order[k];
          games.add(e.game[i]);
          let m = e.move[i] < 0 ? -1 : local.get(e.move[i]);
          if (m === undefined) {
            m = moveList.length;
            if (m >= NO_MOVE) throw new Error(`a position is followed by more than ${NO_MOVE - 1} different moves in one flush`);
            local.set(e.move[i], m);
            moveList.push(this.moves[e.move[i]]);
          }
          run.offset[k - start] = offsets[e.game[i]];
          run.word[k - start] = e.word[i];
          run.move[k - start] = m;
        }
        // An entry from which no move was played names the move past the list's end.
        for (let k = 0; k < end - start; k++) if (run.move[k] < 0) run.move[k] = moveList.length;
        const hash = signedHash({ hi, lo });
        runs.push([kind, hash, base, importId, end - start, games.size, PACKED_RUN, packRun(run, end - start), textArray(moveList)]);
        for (const m of this.moveRows(e, order, start, end)) moveRows.push([kind, hash, base, m.move, m.mainLine, importId, ...TALLY_NUMBERS.map((f) => m.tally[f]), m.tally.lastPlayed]);
      } else {
        const bucket = bucketOf(hi);
        if (bucket !== blockBucket) {
          closeBlock();
          blockBucket = bucket;
        }
        for (let k = start; k < end; k++, blockLength++) {
          const i = order[k];
          block.lo[blockLength] = lo;
          block.offset[blockLength] = offsets[e.game[i]];
          block.word[blockLength] = e.word[i];
        }
      }
      start = end;
    }
    closeBlock();
    for (const row of runs.sort(bySignedHash)) rows.runs.push(row);
    for (const row of moveRows.sort(bySignedHash)) rows.moves.push(row);
  }

  /**
   * The moves played from one hot position, each with the tally of its games: a game counts once
   * per move, on the main-line row when it played the move in its main line, else on the
   * variation row.
   */
  private moveRows(e: Entries, order: Uint32Array, start: number, end: number): { move: string; mainLine: boolean; tally: MoveTally }[] {
    // move id -> game -> played in the main line?
    const byMove = new Map<number, Map<number, boolean>>();
    for (let k = start; k < end; k++) {
      const i = order[k];
      if (e.move[i] < 0) continue;
      let games = byMove.get(e.move[i]);
      if (!games) byMove.set(e.move[i], (games = new Map()));
      games.set(e.game[i], games.get(e.game[i]) === true || (e.word[i] & 1) === 1);
    }
    const out: { move: string; mainLine: boolean; tally: MoveTally }[] = [];
    for (const [moveId, games] of byMove) {
      for (const mainLine of [true, false]) {
        const tally = emptyTally();
        for (const [g, isMain] of games) if (isMain === mainLine) addToTally(tally, this.tallied[g]);
        if (tally.games > 0) out.push({ move: this.moves[moveId], mainLine, tally });
      }
    }
    return out;
  }
}

/** Deletes an import's rows of the position index (its blocks, runs and move counts). */
export async function deleteIndexOfImport(sql: SqlExecutor, importId: bigint): Promise<void> {
  for (const table of ['PositionBlock', 'PositionRun', 'PositionMove']) await sql.query(`DELETE FROM "${table}" WHERE "importId" = $1`, [importId]);
}
