/**
 * Duplicates across sources, stored: the import's policy (`ImportOptions.duplicates`), the import
 * step that keys each game and recognises the ones already stored (or met earlier in the file),
 * and the stored games a game duplicates (`Game.duplicates`). What makes two games the same is
 * `src/games/duplicates.ts`'s.
 */
import type { Database } from '../db/database';
import type { GameRecord, ImportChunk } from '../db/records';
import type { SqlExecutor } from '../db/sql';
import type { Game } from '../generated/prisma/client';
import type { ImportOptions } from '../games/formats';
import { type DuplicateFacts, duplicateKeyOf, sameGame } from '../games/duplicates';
import { ImportFailure, importError } from '../games/importFailure';

/** What an import does with a game already stored: `KEEP` stores it too (the default), `SKIP` leaves it out. */
export const DUPLICATE_POLICIES = ['KEEP', 'SKIP'] as const;
export type DuplicatePolicy = (typeof DUPLICATE_POLICIES)[number];

/** The option naming the policy. */
export const DUPLICATES_OPTION = 'duplicates';

/** The import's policy; ImportFailure (ERR_IMPORT_VALUE, field `duplicates`) for another value. */
export const duplicatePolicyOf = (options: ImportOptions): DuplicatePolicy => {
  const given = options[DUPLICATES_OPTION];
  if (given === undefined) return 'KEEP';
  if ((DUPLICATE_POLICIES as readonly string[]).includes(given)) return given as DuplicatePolicy;
  throw new ImportFailure(
    importError('ERR_IMPORT_VALUE', `duplicates must be one of ${DUPLICATE_POLICIES.join(', ')}, got "${given}"`, { field: DUPLICATES_OPTION }),
  );
};

/**
 * The options as an import keeps them (its fingerprint and its row): the default policy is left
 * out, so a file imported with `KEEP` is the same import as one imported before the option
 * existed; `SKIP` is kept, since it changes what is stored.
 */
export const settledDuplicateOption = (options: ImportOptions): ImportOptions => {
  if (duplicatePolicyOf(options) !== 'KEEP') return options;
  const { [DUPLICATES_OPTION]: _default, ...rest } = options;
  return rest;
};

/** Stored games compared with a new game of the same key, at most (a game stored this many times over is compared with the first). */
const MAX_COMPARED = 100;

/** Stored games with these keys, as the comparison reads them. */
const storedWithKeys = (sql: SqlExecutor, keys: bigint[]): Promise<DuplicateFacts[]> =>
  sql.query<DuplicateFacts & Record<string, unknown>>(
    // One index probe per key: a lateral subquery with a limit cannot become a hash join that
    // scans the whole table (which the planner picks inside an import's transaction, the table
    // grown since it was last analysed: each chunk would read every game stored before it).
    `SELECT g.kind::text AS kind, g."duplicateKey", g.player1, g.player2, g."dateText", g.round
     FROM unnest($1::int8[]) AS k(key)
     CROSS JOIN LATERAL (
       SELECT kind, "duplicateKey", player1, player2, "dateText", round FROM "Game" WHERE "duplicateKey" = k.key LIMIT ${MAX_COMPARED}
     ) g`,
    [keys],
  );

/**
 * An import's duplicate step, chunk by chunk before the chunk is written: sets each game's
 * `duplicateKey`, counts the games that are the same as a stored game (earlier chunks of the
 * file included: the import's transaction sees them) or an earlier game of the chunk, and under
 * `SKIP` leaves those out of the chunk.
 */
export class DuplicateSifter {
  /** Games of the input recognised as duplicates, kept or left out. */
  count = 0;
  constructor(readonly policy: DuplicatePolicy) {}

  /** The chunk to write: its games keyed, duplicates left out under SKIP. */
  async sift(sql: SqlExecutor, chunk: ImportChunk): Promise<ImportChunk> {
    const games = chunk.games ?? [];
    if (games.length === 0) return chunk;
    // Games read in a worker thread come with their key (`finishGame`).
    for (const game of games) if (game.duplicateKey === undefined) game.duplicateKey = duplicateKeyOf(game);
    const keys = [...new Set(games.map((g) => g.duplicateKey).filter((k): k is bigint => k !== null && k !== undefined))];
    if (keys.length === 0) return chunk;
    const known = new Map<bigint, DuplicateFacts[]>();
    for (const row of await storedWithKeys(sql, keys)) addFacts(known, row);
    const kept: GameRecord[] = [];
    for (const game of games) {
      const facts = factsOf(game);
      const duplicate = facts.duplicateKey !== null && (known.get(facts.duplicateKey) ?? []).some((other) => sameGame(facts, other));
      if (duplicate) this.count++;
      if (duplicate && this.policy === 'SKIP') continue;
      kept.push(game);
      if (facts.duplicateKey !== null) addFacts(known, facts);
    }
    return kept.length === games.length ? chunk : { ...chunk, games: kept };
  }
}

const factsOf = (g: GameRecord): DuplicateFacts => ({
  kind: g.kind,
  duplicateKey: g.duplicateKey ?? null,
  player1: g.player1,
  player2: g.player2,
  dateText: g.dateText,
  round: g.round,
});

const addFacts = (byKey: Map<bigint, DuplicateFacts[]>, facts: DuplicateFacts): void => {
  const key = facts.duplicateKey;
  if (key === null) return;
  const list = byKey.get(key);
  if (list) list.push(facts);
  else byKey.set(key, [facts]);
};

/**
 * The other stored games each game is the same as (`Game.duplicates`), by id, in one query for
 * them all: the games sharing its key that `sameGame` accepts, in id order. Computed, not
 * stored, so deleting an import leaves no link behind.
 */
export async function duplicatesOfGames(db: Database, games: readonly Game[]): Promise<Map<bigint, Game[]>> {
  const found = new Map<bigint, Game[]>(games.map((g) => [g.id, []]));
  const keys = [...new Set(games.map((g) => g.duplicateKey).filter((k): k is bigint => k !== null))];
  if (keys.length === 0) return found;
  const candidates = await db.prisma.game.findMany({ where: { duplicateKey: { in: keys } }, orderBy: { id: 'asc' } });
  for (const game of games) {
    found.set(game.id, candidates.filter((other) => other.id !== game.id && sameGame(game, other)));
  }
  return found;
}

/**
 * Stores the keys a catch-up computed (`duplicateKeyOf` of each stored game's reread record), in
 * one statement: `ids` and `keys` side by side.
 */
export const storeDuplicateKeys = async (sql: SqlExecutor, ids: readonly bigint[], keys: readonly (bigint | null)[]): Promise<void> => {
  if (ids.length === 0) return;
  await sql.query(
    `UPDATE "Game" g SET "duplicateKey" = u.key FROM unnest($1::int8[], $2::int8[]) AS u(id, key) WHERE g.id = u.id`,
    [ids, keys],
  );
};
