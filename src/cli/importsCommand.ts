/** `tabula imports` and `tabula delete --import N`: the stored imports, listed or deleted. */
import type { Database } from '../db/database';
import { deleteImport, importById, importsPage, type ImportRow } from '../storage/imports';
import { formatCount } from './numbers';
import { UsageError, idOption } from './usage';

/** Why delete does not ask when standard input is not a terminal. */
export const NO_TERMINAL = 'standard input is not a terminal, so delete cannot ask: pass --yes to delete without asking';

/** The header `tabula imports` prints above its rows (tab-separated, as the rows). */
export const IMPORTS_HEADER = ['id', 'file', 'format', 'bytes', 'imported', 'games', 'positions', 'scores', 'skipped', 'warnings'].join('\t');

/** The file's name as listed: "-" when the import was stored without one. */
const nameOf = (row: ImportRow): string => row.fileName ?? '-';

/** Prints a header, then one line per import, oldest first: id, file, format, size, date, counts and warnings. */
export async function listImportsCommand(db: Database, print: (line: string) => void): Promise<void> {
  let after: bigint | undefined;
  let printed = 0;
  for (;;) {
    const page = await importsPage(db, 500, after);
    if (printed === 0 && page.imports.length > 0) print(IMPORTS_HEADER);
    for (const i of page.imports) {
      print(
        [i.id, nameOf(i), i.format, i.byteSize ?? '-', i.createdAt.toISOString(), i.gameCount, i.positionCount, i.scoreCount, i.skippedCount, i.warnings.length].join(
          '\t',
        ),
      );
      printed++;
    }
    if (!page.hasNextPage || page.imports.length === 0) break;
    after = page.imports[page.imports.length - 1].id;
  }
  if (printed === 0) print('no imports yet');
}

/** One line naming an import: id, file, format, size, date and what it holds. */
export const describeImport = (row: ImportRow): string =>
  `import ${row.id}: ${nameOf(row)} (${row.format}${row.byteSize === null ? '' : `, ${formatCount(Number(row.byteSize))} bytes`}, ` +
  `imported ${row.createdAt.toISOString()}): ${formatCount(row.gameCount)} games, ${formatCount(row.positionCount)} positions, ${formatCount(row.scoreCount)} scores`;

/**
 * Asks whether to go on; undefined when nobody can be asked (standard input is not a terminal):
 * the caller then needs `--yes`.
 */
export type Confirm = ((question: string) => Promise<boolean>) | undefined;

/**
 * Deletes one import and says what went with it; an unknown id is an error. Without `yes` it first
 * shows the import and asks `confirm`; with nobody to ask it refuses.
 */
export async function deleteImportCommand(db: Database, id: string, print: (line: string) => void, options: { yes?: boolean; confirm?: Confirm } = {}): Promise<number> {
  const importId = idOption('--import', id);
  const row = await importById(db, importId);
  if (!row) throw new Error(`no import ${id}`);
  print(`to delete: ${describeImport(row)}, and the positions (with their scores) that no other game reaches and no other import lists`);
  if (!options.yes) {
    if (!options.confirm) throw new UsageError(NO_TERMINAL);
    if (!(await options.confirm(`delete import ${id}? This cannot be undone [y/N] `))) {
      print('nothing deleted');
      return 1;
    }
  }
  const deleted = await deleteImport(db, importId);
  if (!deleted) throw new Error(`no import ${id}`);
  print(`import ${id} deleted: ${deleted.games} games, ${deleted.positions} positions, ${deleted.scores} scores`);
  return 0;
}
