/**
 * Per-request DataLoaders: every lookup by id or position made while resolving
 * one request is batched into one `IN (...)` query per kind of row, and each game
 * is replayed at most once per request. Every cache a request keeps lives here.
 */
import DataLoader from 'dataloader';
import type { Database } from '../db/database';
import type { GameKind } from '../db/records';
import { positionsByIds } from '../storage/rows';
import { type ScoreFields, type ScoredPosition, scoresOfPositionKeys } from '../storage/evaluations';
import { gamesInOrder } from '../storage/games';
import { type FoundPosition, positionKeyId, positionsByKeys, positionsOfKeys, type PositionKey } from '../storage/lookups';
import { type StoredPly, pliesOfGames } from '../storage/gamePlies';
import { type IndexMemo, type PlySource, occurrenceCountsOf } from '../storage/occurrences';
import type { Game, Position } from '../generated/prisma/client';
import type { CgpPosition } from '../codecs/crossword';
import { crosswordPlyPositions } from '../games/crossword/plyPositions';
import { type SideRow, chessSideRows } from '../games/chess/analysis';
import { type NamedHasher, goHasherOfSize } from '../games/go/files';
import { duplicatesOfGames } from '../storage/duplicates';

const byKey = <K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): (V | null)[] => {
  const found = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => found.get(key) ?? null);
};

const groupBy = <K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): V[][] => {
  const groups = new Map<K, V[]>(keys.map((key) => [key, []]));
  for (const row of rows) groups.get(keyOf(row))?.push(row);
  return keys.map((key) => groups.get(key) ?? []);
};

/** A position of one kind, as the occurrence loaders take it. */
export interface KindKey {
  kind: GameKind;
  key: string;
}
const kindKeyId = ({ kind, key }: KindKey): string => `${kind} ${key}`;

const gamesOf = (found: (Game | Error | null)[]): Game[] => found.filter((g): g is Game => g !== null && !(g instanceof Error));

/**
 * This request's loaders, each made on first use: a lookup uses one or two of them, and making
 * all of them for every request was a measurable share of a lookup's CPU. A class, so that the
 * getters live on its prototype and a request makes one small object.
 */
export class Loaders {
  #game?: DataLoader<bigint, Game | null>;
  #plies?: DataLoader<bigint, StoredPly[]>;
  #duplicates?: DataLoader<bigint, Game[]>;
  #crosswordPositions?: DataLoader<bigint, CgpPosition[] | null>;
  #position?: DataLoader<bigint, Position | null>;
  #positionsByKey?: DataLoader<PositionKey, FoundPosition[], string>;
  #storedPositions?: DataLoader<PositionKey, Position[], string>;
  #scores?: DataLoader<ScoredPosition, ScoreFields[], string>;
  #chessSideRows?: DataLoader<bigint, SideRow[]>;
  #goHashers?: DataLoader<number, NamedHasher>;
  #occurrenceCounts?: DataLoader<KindKey, { occurrences: number; games: number }, string>;
  readonly #memo: IndexMemo = new Map();
  /** Games and their replays, as storage services take them. */
  readonly source: PlySource;

  constructor(private readonly db: Database) {
    this.source = { plies: (id) => this.plies.load(id), game: (id) => this.game.load(id), memo: this.#memo };
  }

  get game(): DataLoader<bigint, Game | null> {
    const db = this.db;
    return (this.#game ??= new DataLoader<bigint, Game | null>(async (ids) => byKey(ids, await gamesInOrder(db, ids), (g) => g.id)));
  }

  /** Each game's replayed plies (a game replayed once per request). */
  get plies(): DataLoader<bigint, StoredPly[]> {
    return (this.#plies ??= new DataLoader<bigint, StoredPly[]>(async (ids) => {
      const replayed = await pliesOfGames(this.db.sql, gamesOf(await this.game.loadMany(ids)));
      return ids.map((id) => replayed.get(id) ?? []);
    }));
  }

  /** The other stored games each game is the same as (`Game.duplicates`): a page of games in one query. */
  get duplicates(): DataLoader<bigint, Game[]> {
    return (this.#duplicates ??= new DataLoader<bigint, Game[]>(async (ids) => {
      const found = await duplicatesOfGames(this.db, gamesOf(await this.game.loadMany(ids)));
      for (const list of found.values()) for (const other of list) this.game.prime(other.id, other);
      return ids.map((id) => found.get(id) ?? []);
    }));
  }

  /** A crossword game's positions from ply 0 (null for a game that is not one): the game replayed once per request, whatever plies are asked. */
  get crosswordPositions(): DataLoader<bigint, CgpPosition[] | null> {
    return (this.#crosswordPositions ??= new DataLoader<bigint, CgpPosition[] | null>(async (ids) =>
      (await this.game.loadMany(ids)).map((g) => (g instanceof Error || g === null ? null : crosswordPlyPositions(g))),
    ));
  }

  get position(): DataLoader<bigint, Position | null> {
    const db = this.db;
    return (this.#position ??= new DataLoader<bigint, Position | null>(async (ids) => byKey(ids, await positionsByIds(db, ids), (p) => p.id)));
  }

  /** Positions by key (`positions`, `chessPositions`): stored rows in one raw SQL statement per batch, else read from games. */
  get positionsByKey(): DataLoader<PositionKey, FoundPosition[], string> {
    return (this.#positionsByKey ??= new DataLoader<PositionKey, FoundPosition[], string>((keys) => positionsOfKeys(this.db, this.source, keys), {
      cacheKeyFn: positionKeyId,
    }));
  }

  /** Stored position rows by key only (a ply's position, when something is attached to it). */
  get storedPositions(): DataLoader<PositionKey, Position[], string> {
    return (this.#storedPositions ??= new DataLoader<PositionKey, Position[], string>((keys) => positionsByKeys(this.db, keys), { cacheKeyFn: positionKeyId }));
  }

  /** A position's scores: its row's and those packed in games (`storage/evaluations.ts`). */
  get scores(): DataLoader<ScoredPosition, ScoreFields[], string> {
    const db = this.db;
    return (this.#scores ??= new DataLoader<ScoredPosition, ScoreFields[], string>((positions) => scoresOfPositionKeys(db, positions), {
      cacheKeyFn: (p) => `${p.kind} ${p.key} ${p.id ?? ''}`,
    }));
  }

  /** Chess games' analysis rows (`PlayerAnalysis`, by side): a page of games in one query. */
  get chessSideRows(): DataLoader<bigint, SideRow[]> {
    const db = this.db;
    return (this.#chessSideRows ??= new DataLoader<bigint, SideRow[]>(async (ids) => groupBy(ids, await chessSideRows(db, ids), (r) => r.gameId)));
  }

  /**
   * The Go hasher of each board size (the active stored table for 9x9, the default table of
   * other sizes), looked up once per request; cleared when the active table changes.
   */
  get goHashers(): DataLoader<number, NamedHasher> {
    const db = this.db;
    return (this.#goHashers ??= new DataLoader<number, NamedHasher>((sizes) => Promise.all(sizes.map((size) => goHasherOfSize(db.sql, size)))));
  }

  /** How often, and in how many games, a position occurs. */
  get occurrenceCounts(): DataLoader<KindKey, { occurrences: number; games: number }, string> {
    const memo = this.#memo;
    const db = this.db;
    return (this.#occurrenceCounts ??= new DataLoader<KindKey, { occurrences: number; games: number }, string>(
      (keys) => Promise.all(keys.map((k) => occurrenceCountsOf(db.sql, k.kind, k.key, memo))),
      { cacheKeyFn: kindKeyId },
    ));
  }
}

export const createLoaders = (db: Database): Loaders => new Loaders(db);
