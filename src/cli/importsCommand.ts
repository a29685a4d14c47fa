/** `tabula imports` and `tabula delete --import N`: the stored imports, listed or deleted. */
import type { Database } from '../db/database';
import { deleteImport, importsPage } from '../storage/imports';

/** Prints one line per import, oldest first: id, format, date, counts and warnings. */
export async function listImportsCommand(db: Database, print: (line: string) => void): Promise<void> {
  let after: bigint | undefined;
  for (;;) {
    const page = await importsPage(db, 500, after);
    for (const i of page.imports) {
      print(
        `${i.id}\t${i.format}\t${i.createdAt.toISOString()}\t${i.gameCount} games\t${i.positionCount} positions\t` +
          `${i.scoreCount} scores\t${i.skippedCount} skipped\t${i.warnings.length} warnings`,
      );
    }
    if (!page.hasNextPage || page.imports.length === 0) return;
    after = page.imports[page.imports.length - 1].id;
  }
}

/** Deletes one import and says what went with it; an unknown id is an error. */
export async function deleteImportCommand(db: Database, id: string, print: (line: string) => void): Promise<void> {
  if (!/^\d{1,19}$/.test(id)) throw new Error(`--import takes a numeric id, got "${id}"`);
  const deleted = await deleteImport(db, BigInt(id));
  if (!deleted) throw new Error(`no import ${id}`);
  print(`import ${id} deleted: ${deleted.games} games, ${deleted.positions} positions, ${deleted.scores} scores`);
}
