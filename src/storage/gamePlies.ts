/**
 * A stored game's plies, read from the game itself: its source goes through the reader it was
 * imported with (the same code, the same options, the tables its import recorded), whose pure
 * `replay` or `reread` gives every node with its position. Plies are not stored; a replay takes microseconds to a millisecond a game.
 */
import type { SqlExecutor } from '../db/sql';
import { type GameRecord, type PlyRecord, distinctPlyIndexes } from '../db/records';
import type { Game } from '../generated/prisma/client';
import { readerFor } from '../games/index';
import type { ImportOptions, RecordedTables } from '../games/formats';
import { recordedGoHasher } from '../games/go/files';
import { Pacer } from '../games/reading/pacer';

/** One node of a stored game: where it is (game, node index in the replay) and what it holds. */
export interface StoredPly {
  gameId: bigint;
  /** Index of the node in the game's replay, as the position index counts it. */
  node: number;
  ply: PlyRecord;
}

/**
 * What each import recorded that a replay of its games needs (the Go Zobrist table it hashed
 * with), read (and the table's text parsed) at most once per import, and only for a format that
 * rereads with it: `of(importId)`. One per pass over games (a page of them, an import's
 * re-analysis), so a replay of many games costs one lookup per import, not one per game.
 */
export class RecordedHashers {
  private readonly tables = new Map<bigint | null, Promise<RecordedTables>>();

  constructor(private readonly sql: SqlExecutor) {}

  /** The tables the games of import `importId` were read with. */
  of(importId: bigint | null): Promise<RecordedTables> {
    let tables = this.tables.get(importId);
    if (!tables) this.tables.set(importId, (tables = recordedGoHasher(this.sql, importId).then((named) => ({ goHasher: named.hasher }))));
    return tables;
  }
}

/** What a replay of a stored game reads of its row: the game, its source, its import (the tables and options it was read with) and its metadata. */
export type StoredGameRow = Pick<Game, 'id' | 'importId' | 'sourceFormat' | 'source' | 'metadata'>;

/** Every stored node of `game`, in replay order (a repeated (variation, ply) place keeps its first node). */
export async function replayStoredGame(sql: SqlExecutor, game: StoredGameRow, options: ImportOptions, hashers = new RecordedHashers(sql)): Promise<StoredPly[]> {
  const reader = readerFor(game.sourceFormat);
  if (!reader) return [];
  const fast = reader.replay?.(game.source, options);
  const plies = fast ?? (await readStoredGame(sql, game, options, hashers))?.plies ?? [];
  return distinctPlyIndexes(plies).map((node) => ({ gameId: game.id, node, ply: plies[node] }));
}

/**
 * The record the import made of a stored game, made again from its source by its reader's
 * `reread` (with the import's options and recorded tables); null when no reader rereads it.
 */
export async function readStoredGame(sql: SqlExecutor, game: StoredGameRow, options: ImportOptions, hashers = new RecordedHashers(sql)): Promise<GameRecord | null> {
  const reader = readerFor(game.sourceFormat);
  if (!reader?.reread) return null;
  // A Go game is hashed with the table its import recorded: it replays to the keys the index holds.
  const tables = reader.rereadsWithTables ? await hashers.of(game.importId) : {};
  return reader.reread(game, options, tables);
}

/** The plies of a line: the main line, or every node ordered by (variation, ply) as `Game.plies` lists them. */
export function orderedPlies(plies: StoredPly[], mainLineOnly: boolean): StoredPly[] {
  if (mainLineOnly) return plies.filter((p) => p.ply.variation === '').sort((a, b) => a.ply.ply - b.ply.ply);
  return plies.slice().sort((a, b) => {
    const va = a.ply.variation;
    const vb = b.ply.variation;
    return va < vb ? -1 : va > vb ? 1 : a.ply.ply - b.ply.ply;
  });
}

/**
 * The node the move reaching (`variation`, `ply`) was made from: the ply before in the same line
 * or, for a variation's first move, in the lines it branched from (`P.i.v` branches from `P`).
 * Null at ply 0, or when no such node is among `plies`.
 */
export function plyBefore(plies: readonly StoredPly[], variation: string, ply: number): StoredPly | null {
  if (ply === 0) return null;
  for (let line = variation; ; ) {
    const before = plies.find((p) => p.ply.variation === line && p.ply.ply === ply - 1);
    if (before) return before;
    if (line === '') return null;
    const parts = line.split('.');
    line = parts.slice(0, Math.max(0, parts.length - 2)).join('.');
  }
}

/** The import options of each import, by id (what a replay must read the game with). */
export async function importOptionsByIds(sql: SqlExecutor, importIds: readonly bigint[]): Promise<Map<bigint, ImportOptions>> {
  if (importIds.length === 0) return new Map();
  const rows = await sql.query<{ id: bigint; options: ImportOptions | null }>(
    `SELECT id, options FROM "Import" WHERE id = ANY($1::int8[])`,
    [`{${[...new Set(importIds)].join(',')}}`],
  );
  return new Map(rows.map((r) => [r.id, r.options ?? {}]));
}

/**
 * The replayed plies of these games, by game id. `sql` is what the replay reads with (the
 * Go Zobrist tables and options the imports recorded): the caller's transaction inside one. Gives the
 * event loop a turn whenever `pace` is due, between games, so a long page of replays does not
 * hold up other requests (or liveness) on the embedded database's thread.
 */
export async function pliesOfGames(sql: SqlExecutor, games: readonly Game[], pace: Pacer = new Pacer()): Promise<Map<bigint, StoredPly[]>> {
  const options = await importOptionsByIds(sql, games.flatMap((g) => (g.importId === null ? [] : [g.importId])));
  const hashers = new RecordedHashers(sql);
  const out = new Map<bigint, StoredPly[]>();
  for (const game of games) {
    out.set(game.id, await replayStoredGame(sql, game, (game.importId !== null && options.get(game.importId)) || {}, hashers));
    if (pace.due) await pace.giveWay();
  }
  return out;
}

/** Games of an import read at a time by `gamePagesOf`. */
const PAGE_GAMES = 500;

/** An import's games in id order, PAGE_GAMES at a time: memory is bounded by one page. */
export async function* gamePagesOf(sql: SqlExecutor, importId: bigint): AsyncGenerator<Game[]> {
  for (let after = 0n; ; ) {
    const games = await sql.query<Game & Record<string, unknown>>(
      `SELECT * FROM "Game" WHERE "importId" = $1 AND id > $2 ORDER BY id LIMIT ${PAGE_GAMES}`,
      [importId, after],
    );
    if (games.length === 0) return;
    after = games[games.length - 1].id;
    yield games;
  }
}

/**
 * An import's games in id order, a page at a time, each page with its games' replays: what
 * indexing an import again and deleting one read.
 */
export async function* replayedGamesOf(sql: SqlExecutor, importId: bigint, pace: Pacer = new Pacer()): AsyncGenerator<{ games: Game[]; plies: Map<bigint, StoredPly[]> }> {
  for await (const games of gamePagesOf(sql, importId)) yield { games, plies: await pliesOfGames(sql, games, pace) };
}
