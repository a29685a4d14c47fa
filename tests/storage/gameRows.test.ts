/**
 * A page of games read in one statement (lists, exports) is the same `Game` Prisma reads: every
 * column, with its type, for games of every kind and with every column set or null.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { gamesInIdOrder, gamesInOrder } from '../../src/storage/games';
import { RATED_PGN } from '../support/ratedGames';

const sample = (...parts: string[]) => fs.readFileSync(path.join(__dirname, '../../samples', ...parts));

describeEachDatabase('games read a page at a time', (getDb) => {
  beforeAll(async () => {
    const gql = graphqlClient(getDb());
    const pgn = RATED_PGN.split(/\n\n(?=\[Event )/).slice(0, 20).join('\n\n');
    dataOf(await gql('mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', { d: pgn }));
    const sgf = sample('backgammon', 'gnubg107_5p_double_dance_resign.sgf').toString('utf8');
    dataOf(await gql('mutation ($d: String!) { importGames(format: SGF, data: $d) { gameCount } }', { d: sgf }));
    const go = sample('go', 'fuego-regression_2010-Barcelona_Chou9p-vs-FuegoGB.sgf').toString('utf8');
    dataOf(await gql('mutation ($d: String!) { importGames(format: SGF, data: $d) { gameCount } }', { d: go }));
  });

  it('reads the games of a list of ids, in that order, as Prisma reads them', async () => {
    const db = getDb();
    const prisma = await db.prisma.game.findMany({ orderBy: { id: 'desc' } });
    expect(prisma.length).toBeGreaterThan(21);
    expect(await gamesInOrder(db, prisma.map((g) => g.id))).toEqual(prisma);
  });

  it('reads every game a query keeps, a page at a time, in id order, as Prisma reads them', async () => {
    const db = getDb();
    const pages: number[] = [];
    const read = [];
    for await (const page of gamesInIdOrder(db, { kind: 'CHESS' }, 7)) {
      pages.push(page.length);
      read.push(...page);
    }
    expect(pages).toEqual([7, 7, 6]);
    expect(read).toEqual(await db.prisma.game.findMany({ where: { kind: 'CHESS' }, orderBy: { id: 'asc' } }));
  });
});
