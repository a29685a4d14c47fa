/**
 * The filters every game list takes (ratings, speed, side, length, position, analysis) and the
 * orders by rating and length, checked against counts made from the rated fixture by chessops
 * and regular expressions, not by tabula.
 */
import { describeEachDatabase } from '../support/databases';
import { attributePendingImports } from '../../src/storage/reanalyse';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';
import { type FixtureGame, RATED_PGN, SPEED_OF_CONTROL, ratedGames } from '../support/ratedGames';

const fixture: FixtureGame[] = ratedGames();
const speedOf = (g: FixtureGame) => (g.tags.TimeControl === undefined ? null : SPEED_OF_CONTROL[g.tags.TimeControl]);
const countWhere = (keep: (g: FixtureGame) => boolean) => fixture.filter(keep).length;

describeEachDatabase('game filters', (getDb) => {
  let gql: Gql;
  const total = async (filter: string): Promise<number> =>
    dataOf(await gql<{ games: { totalCount: number } }>(`{ games(filter: { ${filter} }) { totalCount } }`)).games.totalCount;

  beforeAll(async () => {
    gql = graphqlClient(getDb());
    dataOf(await gql('mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', { d: RATED_PGN }));
  });

  it('keeps each player\'s rating from the Elo tags, null for "?"', async () => {
    const r = dataOf(await gql<{ games: { nodes: { round: string; player1Rating: number | null; player2Rating: number | null }[] } }>(
      '{ games(first: 100) { nodes { round player1Rating player2Rating } } }',
    ));
    for (const node of r.games.nodes) {
      const tags = fixture[Number(node.round) - 1].tags;
      expect([node.player1Rating, node.player2Rating]).toEqual([tags.WhiteElo, tags.BlackElo].map((e) => (e === '?' ? null : Number(e))));
    }
  });

  it('classifies each time control as lichess does', async () => {
    const r = dataOf(await gql<{ games: { nodes: { round: string; speed: string | null }[] } }>('{ games(first: 100) { nodes { round speed } } }'));
    for (const node of r.games.nodes) expect(node.speed).toBe(speedOf(fixture[Number(node.round) - 1]));
  });

  it('counts the moves of the main line', async () => {
    const r = dataOf(await gql<{ games: { nodes: { round: string; plyCount: number }[] } }>('{ games(first: 100) { nodes { round plyCount } } }'));
    for (const node of r.games.nodes) expect(node.plyCount).toBe(fixture[Number(node.round) - 1].sans.length);
  });

  it('filters on the mean rating, leaving out games without both ratings', async () => {
    expect(await total('minRating: 2000, maxRating: 2400')).toBe(countWhere((g) => g.mean !== null && g.mean >= 2000 && g.mean <= 2400));
    expect(await total('minRating: 2200')).toBe(countWhere((g) => g.mean !== null && g.mean >= 2200));
  });

  it('filters on speeds', async () => {
    expect(await total('speeds: [BLITZ, RAPID]')).toBe(countWhere((g) => ['BLITZ', 'RAPID'].includes(speedOf(g) ?? '')));
    expect(await total('speeds: [CORRESPONDENCE]')).toBe(countWhere((g) => speedOf(g) === 'CORRESPONDENCE'));
  });

  it('filters on the side a player had', async () => {
    expect(await total('player: "carlsen", playerSide: FIRST')).toBe(countWhere((g) => g.tags.White.startsWith('Carlsen')));
    expect(await total('player: "carlsen", playerSide: SECOND')).toBe(countWhere((g) => g.tags.Black.startsWith('Carlsen')));
  });

  it('filters on the length of the main line', async () => {
    expect(await total('minPlies: 10, maxPlies: 20')).toBe(countWhere((g) => g.sans.length >= 10 && g.sans.length <= 20));
  });

  it('combines a date range, a rating band and speeds', async () => {
    const year = (g: FixtureGame) => Number(g.tags.Date.slice(0, 4));
    const expected = countWhere((g) => year(g) >= 2020 && g.mean !== null && g.mean >= 1800 && ['BULLET', 'BLITZ'].includes(speedOf(g) ?? ''));
    expect(await total('dateFrom: "2020", minRating: 1800, speeds: [BULLET, BLITZ]')).toBe(expected);
  });

  it('keeps the games that reached a position, whatever the move order', async () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -';
    const expected = countWhere((g) => g.fens.includes(fen));
    expect(expected).toBeGreaterThan(5);
    expect(await total(`position: "${fen} 2 3"`)).toBe(expected);
  });

  it('keeps every game that reached the start position', async () => {
    expect(await total('position: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"')).toBe(300);
  });

  describe('the games that reached a position, in each order, paged both ways', () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -';
    // The fixture's games in the order `games` gives them, by hand: games without a value last, ties by id (the fixture's order).
    const day = (g: FixtureGame) => (g.tags.Date.startsWith('?') ? null : g.tags.Date.replace(/\?\?/g, '01'));
    const VALUES: Record<string, (g: FixtureGame) => number | string | null> = {
      RATING: (g) => g.mean,
      DATE: day,
      PLIES: (g) => g.sans.length,
      ID: () => null,
    };
    const expectedRounds = (field: string, direction: 'ASC' | 'DESC', keep: (g: FixtureGame) => boolean): number[] => {
      const value = VALUES[field];
      const rounds = fixture.map((g, i) => ({ g, round: i + 1 })).filter(({ g }) => g.fens.includes(fen) && keep(g));
      return rounds
        .sort((a, b) => {
          const [va, vb] = [value(a.g), value(b.g)];
          if (field === 'ID') return direction === 'DESC' ? b.round - a.round : a.round - b.round;
          if (va === null || vb === null) return va === vb ? a.round - b.round : va === null ? 1 : -1;
          if (va !== vb) return (va < vb ? -1 : 1) * (direction === 'DESC' ? -1 : 1);
          return a.round - b.round;
        })
        .map((r) => r.round);
    };
    type Page = { games: { nodes: { round: string }[]; pageInfo: { endCursor: string | null; hasNextPage: boolean; startCursor: string | null; hasPreviousPage: boolean } } };
    const pages = async (filter: string, orderBy: string, backward: boolean): Promise<number[]> => {
      const rounds: number[] = [];
      let cursor: string | null = null;
      for (;;) {
        const paging = backward ? 'last: 7, before: $c' : 'first: 7, after: $c';
        const page: Page = dataOf(
          await gql(`query ($c: String) { games(filter: { ${filter} }, orderBy: ${orderBy}, ${paging}) { nodes { round } pageInfo { endCursor hasNextPage startCursor hasPreviousPage } } }`, { c: cursor }),
        );
        const got = page.games.nodes.map((n) => Number(n.round));
        if (backward) rounds.unshift(...got);
        else rounds.push(...got);
        if (!(backward ? page.games.pageInfo.hasPreviousPage : page.games.pageInfo.hasNextPage)) return rounds;
        cursor = backward ? page.games.pageInfo.startCursor : page.games.pageInfo.endCursor;
      }
    };

    it.each([
      ['RATING', 'DESC'],
      ['RATING', 'ASC'],
      ['DATE', 'DESC'],
      ['PLIES', 'ASC'],
      ['ID', 'DESC'],
    ] as const)('pages forward by %s %s as the fixture orders them', async (field, direction) => {
      const expected = expectedRounds(field, direction, () => true);
      expect(expected.length).toBeGreaterThan(20);
      expect(await pages(`position: "${fen} 0 1"`, `{ field: ${field}, direction: ${direction} }`, false)).toEqual(expected);
    });

    it('pages backward by rating, with a rating bound, as the fixture orders them', async () => {
      const expected = expectedRounds('RATING', 'DESC', (g) => g.mean !== null && g.mean >= 1900);
      expect(await pages(`position: "${fen} 0 1", minRating: 1900`, '{ field: RATING, direction: DESC }', true)).toEqual(expected);
    });

    it('counts every game the position and the other filters keep', async () => {
      const expected = expectedRounds('ID', 'ASC', (g) => g.tags.White.startsWith('Carlsen') && speedOf(g) !== null);
      expect(expected.length).toBeGreaterThan(0);
      const r = dataOf(await gql<{ games: { totalCount: number } }>(
        `{ games(filter: { position: "${fen} 0 1", player: "carlsen", playerSide: FIRST, speeds: [ULTRABULLET, BULLET, BLITZ, RAPID, CLASSICAL, CORRESPONDENCE] }) { totalCount } }`,
      ));
      expect(r.games.totalCount).toBe(expected.length);
    });

    it('orders by a player\'s name through SQL, the position kept the same', async () => {
      const r = dataOf(await gql<{ games: { totalCount: number; nodes: { player1: string }[] } }>(
        `{ games(filter: { position: "${fen} 0 1" }, orderBy: { field: PLAYER1 }, first: 100) { totalCount nodes { player1 } } }`,
      ));
      const names = fixture.filter((g) => g.fens.includes(fen)).map((g) => g.tags.White);
      expect(r.games.totalCount).toBe(names.length);
      const shown = r.games.nodes.map((n) => n.player1);
      expect(shown.length).toBe(Math.min(100, names.length));
      expect(shown.filter((n) => !names.includes(n))).toEqual([]);
    });
  });

  it('filters on stored analysis', async () => {
    expect(await total('analysed: false')).toBe(300);
    expect(await total('analysed: true')).toBe(0);
  });

  it('orders by mean rating, highest first, games without both ratings last', async () => {
    const r = dataOf(await gql<{ games: { nodes: { player1Rating: number | null; player2Rating: number | null }[] } }>(
      '{ games(orderBy: { field: RATING, direction: DESC }, first: 100) { nodes { player1Rating player2Rating } } }',
    ));
    const means = r.games.nodes.map((n) => (n.player1Rating === null || n.player2Rating === null ? null : (n.player1Rating + n.player2Rating) / 2));
    const expected = fixture.flatMap((g) => (g.mean === null ? [] : [g.mean])).sort((a, b) => b - a).slice(0, 100);
    expect(means).toEqual(expected);
  });

  it('pages through games ordered by length with cursors, each game once', async () => {
    const seen: number[] = [];
    let after: string | null = null;
    for (;;) {
      const page: { games: { nodes: { plyCount: number }[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } } } = dataOf(
        await gql('query ($a: String) { games(orderBy: { field: PLIES }, first: 70, after: $a) { nodes { plyCount } pageInfo { endCursor hasNextPage } } }', { a: after }),
      );
      seen.push(...page.games.nodes.map((n) => n.plyCount));
      if (!page.games.pageInfo.hasNextPage) break;
      after = page.games.pageInfo.endCursor;
    }
    expect(seen).toEqual(fixture.map((g) => g.sans.length).sort((a, b) => a - b));
  });

  it('reads the attributes of games stored before they were kept, when the database is opened', async () => {
    const db = getDb();
    const columns = `"player1Rating", "player2Rating", "meanRating", speed, "plyCount", eco, "openingKey"`;
    const before = await db.sql.query(`SELECT id, ${columns} FROM "Game" ORDER BY id`);
    await db.sql.query(`UPDATE "Game" SET "player1Rating" = NULL, "player2Rating" = NULL, "meanRating" = NULL, speed = NULL, "plyCount" = 0, eco = NULL, "openingKey" = NULL`);
    await db.sql.query(`UPDATE "Import" SET attributed = false`);
    expect(await attributePendingImports(db)).toBe(300);
    expect(await db.sql.query(`SELECT id, ${columns} FROM "Game" ORDER BY id`)).toEqual(before);
    expect(await db.sql.query(`SELECT count(*)::int AS n FROM "Import" WHERE NOT attributed`)).toEqual([{ n: 0 }]);
  });

  it('refuses a side without a player, naming the field', async () => {
    const r = await gql('{ games(filter: { playerSide: FIRST }) { totalCount } }');
    expect(r.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'filter.playerSide' } } });
  });

  it('refuses a negative rating bound and an ECO code that is none, naming the field', async () => {
    const rating = await gql('{ games(filter: { minRating: -5 }) { totalCount } }');
    expect(rating.errors?.[0]).toMatchObject({ message: 'filter.minRating must be at least 0, got -5', extensions: { code: 'BAD_USER_INPUT' } });
    const eco = await gql('{ games(filter: { eco: "Z12" }) { totalCount } }');
    expect(eco.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'filter.eco' } } });
  });

  it('refuses a position it cannot read, naming the field', async () => {
    const r = await gql('{ games(filter: { position: "not a position" }) { totalCount } }');
    expect(r.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'filter.position' } } });
  });
});
