/**
 * What an import keeps about its file (its name without directories, its size), its notes apart
 * from its warnings, and import numbers without holes: a failed import gives its number back.
 */
import { encodePositionFile } from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import { readerFor } from '../../src/games/index';
import { bytesSource, runImport } from '../../src/storage/importService';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { randomPositions } from '../support/goFiles';

const pgn = (event: string) => `[Event "${event}"]\n[Result "*"]\n\n1. d4 d5 *\n`;

const IMPORT = `mutation ($format: GameFormat!, $data: String!, $options: ImportOptions) {
  importGames(format: $format, data: $data, options: $options) {
    importId fileName byteSize alreadyImported warnings { code } notes { code }
  }
}`;
const IMPORTS = `{ imports(first: 100) { nodes { id fileName byteSize warnings { code } notes { code } } } }`;

interface Report {
  importId: string;
  fileName: string | null;
  byteSize: number | null;
  alreadyImported: boolean;
  warnings: { code: string }[];
  notes: { code: string }[];
}
type ImportData = { importGames: Report };
type ImportsData = { imports: { nodes: { id: string; fileName: string | null; byteSize: number | null; warnings: { code: string }[]; notes: { code: string }[] }[] } };

describeEachDatabase('what an import keeps about its file', (getDb) => {
  it('keeps the file name without its directories and the size in bytes, on the report and the stored import', async () => {
    const gql = graphqlClient(getDb());
    const data = pgn('named');
    const report = dataOf(await gql<ImportData>(IMPORT, { format: 'PGN', data, options: { fileName: 'games/2024/named.pgn' } })).importGames;
    const listed = dataOf(await gql<ImportsData>(IMPORTS)).imports.nodes.find((n) => n.id === report.importId);
    expect({ report: [report.fileName, report.byteSize], listed: [listed?.fileName, listed?.byteSize] }).toEqual({
      report: ['named.pgn', Buffer.byteLength(data)],
      listed: ['named.pgn', Buffer.byteLength(data)],
    });
  });

  it('keeps no name when none is given, and the size still', async () => {
    const gql = graphqlClient(getDb());
    const data = pgn('unnamed');
    const report = dataOf(await gql<ImportData>(IMPORT, { format: 'PGN', data })).importGames;
    expect([report.fileName, report.byteSize]).toEqual([null, Buffer.byteLength(data)]);
  });

  it('takes the same bytes under another name for the same import, keeping the first name', async () => {
    const gql = graphqlClient(getDb());
    const data = pgn('twice');
    const first = dataOf(await gql<ImportData>(IMPORT, { format: 'PGN', data, options: { fileName: 'a.pgn' } })).importGames;
    const again = dataOf(await gql<ImportData>(IMPORT, { format: 'PGN', data, options: { fileName: 'b.pgn' } })).importGames;
    expect({ same: again.importId === first.importId, alreadyImported: again.alreadyImported, fileName: again.fileName }).toEqual({
      same: true,
      alreadyImported: true,
      fileName: 'a.pgn',
    });
  });

  it('refuses a file name holding a NUL character as BAD_USER_INPUT naming the fileName option', async () => {
    const gql = graphqlClient(getDb());
    const result = await gql(IMPORT, { format: 'PGN', data: pgn('nul'), options: { fileName: 'a\u0000.pgn' } });
    expect(result.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: '$options.fileName' } });
  });

  it('lists a clean Go position file with notes and no warnings, in the report and the stored import', async () => {
    const gql = graphqlClient(getDb());
    const data = Buffer.from(unwrap(encodePositionFile(randomPositions(4, 77)))).toString('base64');
    const report = dataOf(await gql<ImportData>(IMPORT, { format: 'GO_POSITIONS', data })).importGames;
    const listed = dataOf(await gql<ImportsData>(IMPORTS)).imports.nodes.find((n) => n.id === report.importId);
    const codes = (list?: { code: string }[]) => list?.map((w) => w.code);
    expect({ warnings: codes(report.warnings), notes: codes(report.notes), listedWarnings: codes(listed?.warnings), listedNotes: codes(listed?.notes) }).toEqual({
      warnings: [],
      notes: ['GO_RECORDS_READ', 'GO_HASH_AGREEMENT'],
      listedWarnings: [],
      listedNotes: ['GO_RECORDS_READ', 'GO_HASH_AGREEMENT'],
    });
  });
});

describeEachDatabase('import numbers', (getDb) => {
  const importPgn = (text: string) => runImport(getDb(), readerFor('PGN')!, bytesSource(Buffer.from(text)));

  it('gives a failed import\'s number to the next import: no hole', async () => {
    const before = await importPgn(pgn('before failure'));
    await expect(importPgn('this is not a game')).rejects.toThrow();
    const after = await importPgn(pgn('after failure'));
    expect(after.importId).toBe(before.importId + 1n);
  });

  it('does not give a deleted import\'s number again', async () => {
    const db = getDb();
    const last = await importPgn(pgn('deleted last'));
    await db.sql.query(`DELETE FROM "Game" WHERE "importId" = $1`, [last.importId]);
    await db.sql.query(`DELETE FROM "Import" WHERE id = $1`, [last.importId]);
    const next = await importPgn(pgn('after delete'));
    expect(next.importId).toBe(last.importId + 1n);
  });

  it('gives imports running at once numbers of their own, one after the other', async () => {
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => importPgn(pgn(`at once ${i}`))));
    const ids = outcomes.map((o) => o.importId).sort((a, b) => (a < b ? -1 : 1));
    expect(ids.map((id) => Number(id - ids[0]))).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
