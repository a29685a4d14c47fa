/** `tabula sample go-scores` writes files that import as they say, so the dashboard has data in a minute. */
import path from 'node:path';
import { main } from '../../src/cli/main';
import { databaseConfigFromEnv } from '../../src/db/config';
import { openDatabase } from '../../src/db/database';
import { cliSandbox } from '../support/cli';
import { dataOf, graphqlClient } from '../support/graphql';

describe('tabula sample go-scores', () => {
  const cli = cliSandbox('tabula-sample-cli-', { migrated: true });

  it('writes a position file and two score files and prints the commands that import them', async () => {
    const out = path.join(cli.dir, 'sample');
    expect(await main(['sample', 'go-scores', '--out', out, '--positions', '300'])).toBe(0);
    expect(cli.logged).toEqual([
      `wrote 300 positions and two programs' scores of them to ${out}; import them, then open /dashboard:`,
      `  npx tabula import --format go-positions ${out}/sample_positions.dat`,
      `  npx tabula import --format go-scores --program fuego --ruleset chinese ${out}/fuego_chinese.dat`,
      `  npx tabula import --format go-scores --program gnugo --ruleset chinese ${out}/gnugo_chinese.dat`,
    ]);
  });

  it('imports as printed, giving two score sets that mostly agree', async () => {
    const out = path.join(cli.dir, 'sample');
    expect(await main(['import', '--format', 'go-positions', `${out}/sample_positions.dat`])).toBe(0);
    expect(await main(['import', '--format', 'go-scores', '--program', 'fuego', '--ruleset', 'chinese', `${out}/fuego_chinese.dat`])).toBe(0);
    expect(await main(['import', '--format', 'go-scores', '--program', 'gnugo', '--ruleset', 'chinese', `${out}/gnugo_chinese.dat`])).toBe(0);
    const db = await openDatabase(databaseConfigFromEnv());
    try {
      const gql = graphqlClient(db);
      const data = dataOf(
        await gql<{ goScoreSets: { program: string; positions: number }[]; goScoreDiff: { compared: number; agreeing: number } }>(
          '{ goScoreSets { program positions } goScoreDiff(a: { program: "fuego", ruleset: "chinese" }, b: { program: "gnugo", ruleset: "chinese" }, first: 0) { compared agreeing } }',
        ),
      );
      expect(data.goScoreSets.map((s) => [s.program, s.positions])).toEqual([['fuego', 300], ['gnugo', 300]]);
      expect(data.goScoreDiff.compared).toBe(300);
      expect(data.goScoreDiff.agreeing).toBeGreaterThan(150);
      expect(data.goScoreDiff.agreeing).toBeLessThan(300);
    } finally {
      await db.close();
    }
  });

  it('refuses another sample name with status 2', async () => {
    expect(await main(['sample', 'chess'])).toBe(2);
  });
});
