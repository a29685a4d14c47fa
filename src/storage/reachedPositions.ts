/**
 * The positions a filter's `position` names, and the games that reached them: what `GameFilter.position`
 * (the API), `tabula export --position` and `tabula search --position` share. A text is read in any
 * form `findPositions` reads (a key, a FEN, a Position ID, a board); a board stands for its stored
 * positions (a backgammon Position ID under every match state), at most MAX_NAMED_POSITIONS of them.
 */
import type { Database } from '../db/database';
import type { GameKind } from '../db/records';
import { keyFormOf } from '../games/keyForms';
import { positionsOfBoard } from './boards';
import type { GameQuery } from './gameFilter';
import { gamesInOrder } from './games';
import { pliesOfGames } from './gamePlies';
import { type PlySource, gamesReachingKey } from './occurrences';

/** A position the games reached: its kind and key. */
export interface ReachedKey {
  kind: GameKind;
  key: string;
}

/** Most positions a board named by a filter's position stands for. */
export const MAX_NAMED_POSITIONS = 100;

/** What a position text names: its positions, or why it names none. */
export type NamedPositions = { ok: true; keys: ReachedKey[] } | { ok: false; reason: string };

/** The positions `text` names: its keys, or the stored positions of the board it names. */
export async function positionsNamed(db: Database, source: PlySource, text: string): Promise<NamedPositions> {
  const form = keyFormOf(text);
  if (form.form === 'unknown') return { ok: false, reason: form.reason };
  if (form.form === 'keys') return { ok: true, keys: form.keys };
  const found = await positionsOfBoard(db, source, form.kind, form.board, MAX_NAMED_POSITIONS);
  return { ok: true, keys: found.map((p) => ({ kind: form.kind, key: p.key })) };
}

/** `query` narrowed to the games that reached any of `keys` (their ids, in id order), for SQL. */
export async function queryReaching(db: Database, source: PlySource, query: GameQuery, keys: readonly ReachedKey[]): Promise<GameQuery> {
  const games = new Set<bigint>();
  for (const { kind, key } of keys) for (const id of await gamesReachingKey(db, source, kind, key)) games.add(id);
  return { ...query, gameIds: [...games].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) };
}

/** Games and their replays read as asked, one at a time: for a command, where no request batches them. */
export const storedPlySource = (db: Database): PlySource => ({
  game: async (id) => (await gamesInOrder(db, [id]))[0] ?? null,
  plies: async (id) => {
    const games = await gamesInOrder(db, [id]);
    return (await pliesOfGames(db.sql, games)).get(id) ?? [];
  },
  memo: new Map(),
});
