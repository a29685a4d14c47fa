/**
 * One rule for input that cannot be read inside a multi-game file: the game is left out with a
 * warning, and the import report always counts the games left out (never capped, kept for a
 * repeated import); text that is not PGN at all is refused, and comments between games are not games.
 */
import { MAX_VARIATION_DEPTH } from '../../src/codecs/chess';
import type { Database } from '../../src/db/database';
import { readerFor } from '../../src/games/index';
import { ImportFailure } from '../../src/games/importFailure';
import { bytesSource, runImport } from '../../src/storage/importService';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';

const game = (event: string, movetext = '1. e4 e5 2. Nf3 Nc6 *') => `[Event "${event}"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n\n${movetext}\n\n`;
/** A game whose variations nest deeper than the reader follows: it cannot be read. */
const tooDeep = game('too deep', `1. e4 ${'( 1. d4 '.repeat(MAX_VARIATION_DEPTH + 1)}${')'.repeat(MAX_VARIATION_DEPTH + 1)} e5 *`);

const importPgn = (db: Database, text: string) => runImport(db, readerFor('PGN')!, bytesSource(Buffer.from(text, 'utf8')), {});

describeEachDatabase('games left out of an import', (getDb) => {
  it('counts an unreadable game among readable ones, stores the others and warns', async () => {
    const outcome = await importPgn(getDb(), game('one') + tooDeep + game('three'));
    expect(outcome.gameCount).toBe(2);
    expect(outcome.skippedGames).toBe(1);
    expect(outcome.warnings.map((w) => w.code)).toContain('ERR_PGN_VARIATION');
  });

  it('reports the same count when the same file is imported again', async () => {
    const text = game('again-1') + tooDeep + tooDeep + game('again-2');
    expect((await importPgn(getDb(), text)).skippedGames).toBe(2);
    const again = await importPgn(getDb(), text);
    expect(again.alreadyImported).toBe(true);
    expect(again.skippedGames).toBe(2);
  });

  it('refuses text that is not PGN, naming its line', async () => {
    const failure = await importPgn(getDb(), 'Dear reader,\nthis file holds no chess game at all.\n').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ImportFailure);
    expect((failure as ImportFailure).error).toMatchObject({ code: 'ERR_PGN_NOT_A_GAME', line: 1 });
  });

  it('does not count a comment before the first game, or after a result, as a game', async () => {
    const outcome = await importPgn(getDb(), '{ Collected by hand. }\n\n' + game('after a comment') + '; the end of the file\n');
    expect(outcome.gameCount).toBe(1);
    expect(outcome.skippedGames).toBe(0);
    expect(outcome.warnings).toEqual([]);
  });

  it('gives the count in the GraphQL import report', async () => {
    const gql = graphqlClient(getDb());
    const data = dataOf(
      await gql<{ importGames: { gameCount: number; skippedGames: number } }>(
        'mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount skippedGames } }',
        { d: game('gql') + tooDeep },
      ),
    );
    expect(data.importGames).toEqual({ gameCount: 1, skippedGames: 1 });
  });
});
