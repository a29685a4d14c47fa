/**
 * The per-player and per-game analyses of chess, backgammon and crossword over the games a
 * `GameFilter` keeps, on PGlite and (when configured) PostgreSQL: each filtered figure equals the
 * figure over the kept games alone, worked out apart from the query.
 *
 * Chess: six games judged by Stockfish 16 between Anna, Boris and Carl, with dates and time
 * controls (lichess's speeds: estimated seconds = initial + 40 × increment; < 180 bullet, < 480
 * blitz, < 1500 rapid). `{ player: "Anna", speeds: [BLITZ], dateFrom: "2024" }` keeps C1 and C2
 * only: C3 is blitz but from 2023, C4 rapid, C5 without Anna, C6 bullet. C1 and C2 are G1 and G2 of
 * tests/server/chessAnalysis.test.ts, whose figures are worked out there by lichess's formulas:
 *   Anna  C1 losses 0 + 290 (a blunder), accuracy 42.9516; C2 losses 0 + 130 (a mistake), 69.0965
 *         → 2 games, 4 moves, ACPL 420 / 4 = 105, mean accuracy 56.02405.
 *   Boris C1 losses 5 + 10, accuracy 98.3086; C2 losses 0, accuracy 100
 *         → 2 games, 4 moves, ACPL 15 / 4 = 3.75, mean accuracy 99.1543.
 * The other four games each give Anna or Boris a blunder of 300 cp or more, so a filter that let
 * one through would change these figures.
 *
 * Backgammon: the hand-written game (Amy-Ben, 6 plies), the 5-point match gnubg analysed
 * (Amy-Ben, games of 40 and 57 plies) and the money session (Cal-Dee, 58, 50 and 39 plies).
 * `maxPlies: 45` keeps the hand game, the match's game 1 and the session's game 3. The checker
 * figures of the match's game 1 are those gnubg wrote for it (Amy 17 unforced plays losing
 * 0.165618, 2 doubtful, 1 bad; Ben 18 losing 0.165271, 2 bad; see backgammonAnalysis.test.ts),
 * the hand game's are worked out by hand there (Amy 1 play, nothing lost; Ben 2 plays losing
 * 0.07, 1 bad); the rest are the sums of each kept game's own figures (`backgammonGameErrors`).
 *
 * Crossword: the small game (Alice Adams-Bob Brown, 10 plies) and its rematch (3 plies), scored
 * by hand in tests/codecs/crossword/smallGame.ts, doug v emely (29) and incomplete.gcg (20).
 * `minPlies: 5` leaves the rematch out: Alice then has the small game alone (4 turns, 86 points,
 * 1 bingo, won 86-36), Bob too (3 turns, 35 points, lost), the others all their games.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';
import { readText } from '../codecs/crossword/fixtures';
import { REMATCH, SMALL_GAME } from '../codecs/crossword/smallGame';

const IMPORT = `mutation ($format: GameFormat!, $data: String!) {
  importGames(format: $format, data: $data) { importId games { id event } }
}`;
type Imported = { importGames: { importId: string; games: { id: string; event: string | null }[] } };

/** One chess game with its tags and movetext. */
const chessGame = (tags: Record<string, string>, moves: string): string =>
  `${Object.entries(tags)
    .map(([k, v]) => `[${k} "${v}"]`)
    .join('\n')}\n\n${moves}\n\n`;

const SF = { Annotator: 'Stockfish 16' };
const CHESS_PGN = [
  chessGame(
    { Event: 'C1', Date: '2024.03.01', White: 'Anna', Black: 'Boris', WhiteElo: '2000', BlackElo: '2100', TimeControl: '180+2', ...SF, Result: '0-1' },
    '1. e4 { [%eval 0.35] } 1... e5 { [%eval 0.4] } 2. Qh5 { [%eval -2.5] } 2... Nc6 { [%eval -2.4] } 0-1',
  ),
  chessGame(
    { Event: 'C2', Date: '2024.05.10', White: 'Boris', Black: 'Anna', TimeControl: '300+0', ...SF, Result: '1-0' },
    '1. d4 { [%eval 0.2] } 1... d5 { [%eval 0.2] } 2. c4 { [%eval 0.2] } 2... Nf6 { [%eval 1.5] } 1-0',
  ),
  // Blitz, Anna, but 2023.
  chessGame(
    { Event: 'C3', Date: '2023.11.20', White: 'Anna', Black: 'Carl', TimeControl: '180+0', ...SF, Result: '0-1' },
    '1. e4 { [%eval 0.3] } 1... e5 { [%eval 0.3] } 2. Bc4 { [%eval -3.5] } 2... Nf6 { [%eval -3.5] } 0-1',
  ),
  // 2024, Anna, but rapid (900 + 40 × 10 = 1300 s).
  chessGame(
    { Event: 'C4', Date: '2024.06.01', White: 'Carl', Black: 'Anna', TimeControl: '900+10', ...SF, Result: '1-0' },
    '1. d4 { [%eval 0.2] } 1... d5 { [%eval 0.2] } 2. c4 { [%eval 0.2] } 2... e5 { [%eval 4.0] } 1-0',
  ),
  // Blitz, 2024, without Anna: Boris blunders.
  chessGame(
    { Event: 'C5', Date: '2024.07.01', White: 'Boris', Black: 'Carl', TimeControl: '240+0', ...SF, Result: '0-1' },
    '1. e4 { [%eval 0.3] } 1... e5 { [%eval 0.3] } 2. Qh5 { [%eval -3.0] } 2... Nc6 { [%eval -3.0] } 0-1',
  ),
  // 2025, Anna and Boris, but bullet (60 s): both blunder.
  chessGame(
    { Event: 'C6', Date: '2025.01.05', White: 'Anna', Black: 'Boris', TimeControl: '60+0', ...SF, Result: '1/2-1/2' },
    '1. e4 { [%eval 0.3] } 1... f6 { [%eval 3.5] } 2. d3 { [%eval -1.0] } 2... g5 { [%eval 5.0] } 1/2-1/2',
  ),
].join('');

const BLITZ_SINCE_2024 = { player: 'Anna', speeds: ['BLITZ'], dateFrom: '2024' };

const CHESS_FIELDS = 'player games moves averageCentipawnLoss meanAccuracy inaccuracies mistakes blunders';
interface ChessPlayer {
  player: string;
  games: number;
  moves: number;
  averageCentipawnLoss: number;
  meanAccuracy: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

const BG_RATES = 'games checkerDecisions checkerLoss cubeDecisions cubeLoss gamesWithoutCube doubtful bad veryBad overallRate';
interface BgRates {
  games: number;
  checkerDecisions: number;
  checkerLoss: number;
  cubeDecisions: number;
  cubeLoss: number;
  gamesWithoutCube: number;
  doubtful: number;
  bad: number;
  veryBad: number;
  overallRate: number | null;
}
const bgFixture = (name: string) => fs.readFileSync(path.resolve(__dirname, '../fixtures/backgammon', name), 'utf8');

/** The sums of games' own figures, as one player's or side's figures over those games. */
const sumRates = (rates: BgRates[]): Omit<BgRates, 'overallRate'> => {
  const sum = (field: keyof Omit<BgRates, 'overallRate'>) => rates.reduce((total, r) => total + r[field], 0);
  return {
    games: sum('games'),
    checkerDecisions: sum('checkerDecisions'),
    checkerLoss: sum('checkerLoss'),
    cubeDecisions: sum('cubeDecisions'),
    cubeLoss: sum('cubeLoss'),
    gamesWithoutCube: sum('gamesWithoutCube'),
    doubtful: sum('doubtful'),
    bad: sum('bad'),
    veryBad: sum('veryBad'),
  };
};

/** `got` equals the sums `want` (losses to 9 decimals), its overall rate the sums' (millipoints per decision). */
const expectSums = (got: BgRates | null | undefined, want: Omit<BgRates, 'overallRate'>) => {
  expect(got).toBeDefined();
  const { checkerLoss, cubeLoss, ...exact } = want;
  expect(got).toMatchObject(exact);
  expect(got!.checkerLoss).toBeCloseTo(checkerLoss, 9);
  expect(got!.cubeLoss).toBeCloseTo(cubeLoss, 9);
  expect(got!.overallRate).toBeCloseTo((1000 * (checkerLoss + cubeLoss)) / (want.checkerDecisions + want.cubeDecisions), 9);
};

describeEachDatabase('analyses over the games a filter keeps', (getDb) => {
  let gql: Gql;
  beforeAll(() => {
    gql = graphqlClient(getDb());
  });
  const importFile = async (format: string, data: string) => dataOf(await gql<Imported>(IMPORT, { format, data })).importGames;

  describe('chess', () => {
    const ids: Record<string, string> = {};
    let chessImport: string;
    beforeAll(async () => {
      const imported = await importFile('PGN', CHESS_PGN);
      chessImport = imported.importId;
      for (const g of imported.games) ids[g.event!] = g.id;
    });

    it("gives each player's figures over the kept games alone: Anna's and Boris's at blitz since 2024", async () => {
      const { chessPlayerAnalysis } = dataOf(
        await gql<{ chessPlayerAnalysis: ChessPlayer[] }>(`query ($filter: GameFilter) { chessPlayerAnalysis(filter: $filter, orderBy: PLAYER) { ${CHESS_FIELDS} } }`, {
          filter: BLITZ_SINCE_2024,
        }),
      );
      expect(chessPlayerAnalysis).toEqual([
        { player: 'Anna', games: 2, moves: 4, averageCentipawnLoss: 105, meanAccuracy: expect.closeTo((42.9516 + 69.0965) / 2, 3), inaccuracies: 0, mistakes: 1, blunders: 1 },
        { player: 'Boris', games: 2, moves: 4, averageCentipawnLoss: 3.75, meanAccuracy: expect.closeTo((98.3086 + 100) / 2, 3), inaccuracies: 0, mistakes: 0, blunders: 0 },
      ]);
    });

    it('gives the same figures as the same query over an import of the kept games alone', async () => {
      // C1 and C2 again under other names, in an import of their own: every game of it is kept.
      const kept = CHESS_PGN.split('\n\n[Event')
        .slice(0, 2)
        .join('\n\n[Event')
        .concat('\n\n')
        .replace(/"Anna"/g, '"Xenia"')
        .replace(/"Boris"/g, '"Yuri"');
      const { importId } = await importFile('PGN', kept);
      const QUERY = `query ($filter: GameFilter) { chessPlayerAnalysis(filter: $filter, orderBy: PLAYER) { ${CHESS_FIELDS} } }`;
      const filtered = dataOf(await gql<{ chessPlayerAnalysis: ChessPlayer[] }>(QUERY, { filter: BLITZ_SINCE_2024 })).chessPlayerAnalysis;
      const alone = dataOf(await gql<{ chessPlayerAnalysis: ChessPlayer[] }>(QUERY, { filter: { importId } })).chessPlayerAnalysis;
      expect(alone.map((p) => p.player)).toEqual(['Xenia', 'Yuri']);
      const figures = (p: ChessPlayer) => ({ ...p, player: undefined });
      expect(filtered.map(figures)).toEqual(alone.map(figures));
    });

    it('pages the kept players as the list gives them, counting only them', async () => {
      const { chessPlayerAnalysisPage } = dataOf(
        await gql<{ chessPlayerAnalysisPage: { totalCount: number; nodes: { player: string; games: number; moves: number }[] } }>(
          `query ($filter: GameFilter) { chessPlayerAnalysisPage(filter: $filter, orderBy: PLAYER, first: 1) { totalCount nodes { player games moves } } }`,
          { filter: BLITZ_SINCE_2024 },
        ),
      );
      expect(chessPlayerAnalysisPage).toEqual({ totalCount: 2, nodes: [{ player: 'Anna', games: 2, moves: 4 }] });
    });

    it('applies the program and the filter both', async () => {
      const QUERY = `query ($program: String, $filter: GameFilter) { chessPlayerAnalysis(program: $program, filter: $filter) { player games } }`;
      const other = dataOf(await gql<{ chessPlayerAnalysis: unknown[] }>(QUERY, { program: 'Stockfish 17', filter: BLITZ_SINCE_2024 }));
      expect(other.chessPlayerAnalysis).toEqual([]);
      // Carl's games: C3, C4 and C5, of which C5 alone is blitz since 2024.
      const carl = dataOf(await gql<{ chessPlayerAnalysis: { player: string; games: number }[] }>(QUERY, { program: 'Stockfish 16', filter: { player: 'carl', speeds: ['BLITZ'], dateFrom: '2024' } }));
      expect(carl.chessPlayerAnalysis).toEqual([
        { player: 'Boris', games: 1 },
        { player: 'Carl', games: 1 },
      ]);
    });

    it('lists only the kept games among the analysed games, and counts only them', async () => {
      const { chessAnalysedGames } = dataOf(
        await gql<{ chessAnalysedGames: { totalCount: number; nodes: { game: { id: string }; orderValue: number }[] } }>(
          `query ($filter: GameFilter) { chessAnalysedGames(filter: $filter, orderBy: MOST_BLUNDERS) { totalCount nodes { game { id } orderValue } } }`,
          { filter: BLITZ_SINCE_2024 },
        ),
      );
      // C1 has Anna's blunder, C2 none.
      expect(chessAnalysedGames).toEqual({
        totalCount: 2,
        nodes: [
          { game: { id: ids.C1 }, orderValue: 1 },
          { game: { id: ids.C2 }, orderValue: 0 },
        ],
      });
    });

    it('counts the programs over the kept games only', async () => {
      const { chessAnalysisPrograms } = dataOf(
        await gql<{ chessAnalysisPrograms: unknown[] }>(`query ($filter: GameFilter) { chessAnalysisPrograms(filter: $filter) { program ruleset games moves } }`, {
          filter: BLITZ_SINCE_2024,
        }),
      );
      expect(chessAnalysisPrograms).toEqual([{ program: 'Stockfish 16', ruleset: '', games: 2, moves: 8 }]);
    });

    it('takes every field of the filter at once, each narrowing the games', async () => {
      const [game] = dataOf(await gql<{ games: { nodes: { opening: { eco: string } }[] } }>(`{ games(filter: { event: "C1" }) { nodes { opening { eco } } } }`)).games.nodes;
      const filter = {
        ...BLITZ_SINCE_2024,
        kind: 'CHESS',
        playerSide: 'FIRST',
        event: 'c1',
        dateTo: '2024-03',
        result: '0-1',
        text: 'boris',
        importId: chessImport,
        minRating: 2050,
        maxRating: 2050,
        // After 1. e4 e5 2. Qh5.
        position: 'rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2',
        eco: game.opening.eco,
        minPlies: 4,
        maxPlies: 4,
        analysed: true,
      };
      const QUERY = `query ($filter: GameFilter) { chessPlayerAnalysis(filter: $filter, orderBy: PLAYER) { player games moves } }`;
      expect(dataOf(await gql<{ chessPlayerAnalysis: unknown[] }>(QUERY, { filter })).chessPlayerAnalysis).toEqual([
        { player: 'Anna', games: 1, moves: 2 },
        { player: 'Boris', games: 1, moves: 2 },
      ]);
      // Each field alone, set against C1, leaves nothing.
      for (const [field, value] of Object.entries({ playerSide: 'SECOND', minRating: 2051, maxPlies: 3, analysed: false, eco: 'E' })) {
        expect([field, dataOf(await gql<{ chessPlayerAnalysis: unknown[] }>(QUERY, { filter: { ...filter, [field]: value } })).chessPlayerAnalysis]).toEqual([field, []]);
      }
    });

    it('keeps every game with an empty filter, as without one', async () => {
      const QUERY = `query ($filter: GameFilter) { chessPlayerAnalysis(filter: $filter) { ${CHESS_FIELDS} } }`;
      expect(await gql(QUERY, { filter: {} })).toEqual(await gql(QUERY, {}));
    });
  });

  describe('backgammon', () => {
    /** Game ids by file: the hand game, the 5-point match's two games, the money session's three. */
    const games: Record<string, string[]> = {};
    beforeAll(async () => {
      for (const name of ['hand_analysed_5p.sgf', 'gnubg107_analysed_5p.sgf', 'gnubg107_analysed_money_beavers.sgf']) {
        games[name] = (await importFile('SGF', bgFixture(name))).games.map((g) => g.id);
      }
    });

    /** Each side's figures in one game, by its own query. */
    const gameRates = async (gameId: string): Promise<[BgRates, BgRates]> => {
      const [game] = dataOf(
        await gql<{ backgammonGameErrors: { sides: { errors: BgRates }[] }[] }>(
          `query ($id: ID!) { backgammonGameErrors(gameId: $id) { sides { errors { ${BG_RATES} } } } }`,
          { id: gameId },
        ),
      ).backgammonGameErrors;
      return [game.sides[0].errors, game.sides[1].errors];
    };

    it("gives each player's figures over the kept games alone: games of at most 45 plies", async () => {
      const { backgammonPlayerErrors } = dataOf(
        await gql<{ backgammonPlayerErrors: { player: string; errors: BgRates }[] }>(
          `{ backgammonPlayerErrors(orderBy: NAME, filter: { maxPlies: 45 }) { player errors { ${BG_RATES} } } }`,
        ),
      );
      expect(backgammonPlayerErrors.map((p) => [p.player, p.errors.games])).toEqual([
        ['Amy', 2],
        ['Ben', 2],
        ['Cal', 1],
        ['Dee', 1],
      ]);
      const [amy, ben, cal, dee] = backgammonPlayerErrors.map((p) => p.errors);
      // Checker plays as gnubg and the hand count them: Amy 1 + 17, Ben 2 + 18.
      expect([amy.checkerDecisions, amy.checkerLoss, amy.doubtful, amy.bad, amy.veryBad]).toEqual([18, expect.closeTo(0.165618, 5), 2, 1, 0]);
      expect([ben.checkerDecisions, ben.checkerLoss, ben.doubtful, ben.bad, ben.veryBad]).toEqual([20, expect.closeTo(0.07 + 0.165271, 5), 0, 3, 0]);
      // Everything, as the sums of the kept games' own figures.
      const [handAmy, handBen] = await gameRates(games['hand_analysed_5p.sgf'][0]);
      const [firstAmy, firstBen] = await gameRates(games['gnubg107_analysed_5p.sgf'][0]);
      const [thirdCal, thirdDee] = await gameRates(games['gnubg107_analysed_money_beavers.sgf'][2]);
      expectSums(amy, sumRates([handAmy, firstAmy]));
      expectSums(ben, sumRates([handBen, firstBen]));
      expectSums(cal, sumRates([thirdCal]));
      expectSums(dee, sumRates([thirdDee]));
    });

    it('applies the player and the filter both, and pages the kept players', async () => {
      const one = dataOf(
        await gql<{ backgammonPlayerErrors: { player: string; errors: { games: number } }[] }>(`{ backgammonPlayerErrors(player: "Dee", filter: { maxPlies: 45 }) { player errors { games } } }`),
      );
      expect(one.backgammonPlayerErrors).toEqual([{ player: 'Dee', errors: { games: 1 } }]);
      const page = dataOf(
        await gql<{ backgammonPlayerErrorsPage: { totalCount: number; nodes: { player: string; errors: { games: number } }[] } }>(
          `{ backgammonPlayerErrorsPage(orderBy: NAME, first: 3, filter: { maxPlies: 45, player: "Amy" }) { totalCount nodes { player errors { games } } } }`,
        ),
      );
      expect(page.backgammonPlayerErrorsPage).toEqual({
        totalCount: 2,
        nodes: [
          { player: 'Amy', errors: { games: 2 } },
          { player: 'Ben', errors: { games: 2 } },
        ],
      });
    });

    it("gives each match's kept games alone, the match keeping its first game's id", async () => {
      const { backgammonMatchErrors } = dataOf(
        await gql<{ backgammonMatchErrors: { nodes: { id: string; games: number; sides: { errors: BgRates | null }[] }[] } }>(
          `{ backgammonMatchErrors(filter: { maxPlies: 45 }) { nodes { id games sides { errors { ${BG_RATES} } } } } }`,
        ),
      );
      const matches = backgammonMatchErrors.nodes;
      expect(matches.map((m) => [m.id, m.games])).toEqual([
        [games['hand_analysed_5p.sgf'][0], 1],
        [games['gnubg107_analysed_5p.sgf'][0], 1],
        // The session's first game is left out; its id still names the session.
        [games['gnubg107_analysed_money_beavers.sgf'][0], 1],
      ]);
      const kept = [games['hand_analysed_5p.sgf'][0], games['gnubg107_analysed_5p.sgf'][0], games['gnubg107_analysed_money_beavers.sgf'][2]];
      for (const [i, gameId] of kept.entries()) {
        const sides = await gameRates(gameId);
        expectSums(matches[i].sides[0].errors, sumRates([sides[0]]));
        expectSums(matches[i].sides[1].errors, sumRates([sides[1]]));
      }
    });

    it('keeps the analysed matches with `analysed: true`, and none with `analysed: false`', async () => {
      const QUERY = `query ($filter: GameFilter) { backgammonMatchErrors(filter: $filter) { nodes { id games } } }`;
      const all = dataOf(await gql<{ backgammonMatchErrors: { nodes: unknown[] } }>(QUERY, {})).backgammonMatchErrors.nodes;
      expect(dataOf(await gql<{ backgammonMatchErrors: { nodes: unknown[] } }>(QUERY, { filter: { analysed: true } })).backgammonMatchErrors.nodes).toEqual(all);
      expect(dataOf(await gql<{ backgammonMatchErrors: { nodes: unknown[] } }>(QUERY, { filter: { analysed: false } })).backgammonMatchErrors.nodes).toEqual([]);
    });

    it('leaves out a match none of whose games the filter keeps', async () => {
      const { backgammonMatchErrors } = dataOf(
        await gql<{ backgammonMatchErrors: { nodes: { id: string; games: number }[] } }>(`{ backgammonMatchErrors(filter: { minPlies: 50 }) { nodes { id games } } }`),
      );
      // The match's game 2 (57 plies), the session's games 1 and 2 (58 and 50).
      expect(backgammonMatchErrors.nodes).toEqual([
        { id: games['gnubg107_analysed_5p.sgf'][0], games: 1 },
        { id: games['gnubg107_analysed_money_beavers.sgf'][0], games: 2 },
      ]);
    });
  });

  describe('crossword', () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      const files: [string, string][] = [
        ['small', SMALL_GAME],
        ['rematch', REMATCH],
        ['doug', readText('macondo/gcg/doug_v_emely_double_challenge.gcg')],
        ['incomplete', readText('macondo/gcg/incomplete.gcg')],
      ];
      for (const [name, data] of files) ids[name] = (await importFile('GCG', data)).games[0].id;
    });

    const PLAYERS = `query ($player: String, $filter: GameFilter) {
      crosswordPlayerStats(player: $player, filter: $filter) { player games turns points bingos wins finishedGames }
    }`;
    const rows = async (variables: Record<string, unknown>) =>
      dataOf(await gql<{ crosswordPlayerStats: Record<string, unknown>[] }>(PLAYERS, variables)).crosswordPlayerStats.map((r) => [
        r.player,
        r.games,
        r.turns,
        r.points,
        r.bingos,
        r.wins,
        r.finishedGames,
      ]);

    it("gives each player's figures over the kept games alone: all but the 3-ply rematch", async () => {
      expect(await rows({ filter: { minPlies: 5 } })).toEqual([
        ['Alice Adams', 1, 4, 86, 1, 1, 1],
        ['Bob Brown', 1, 3, 35, 0, 0, 1],
        ['doug', 1, 14, 451, 2, 1, 1],
        ['emely', 1, 13, 345, 0, 0, 1],
        ['Player 1', 1, 10, 336, 2, 0, 0],
        ['Player 2', 1, 10, 298, 1, 0, 0],
      ]);
    });

    it('applies the player and the filter both, and pages the kept players', async () => {
      expect(await rows({ player: 'alice', filter: { minPlies: 5 } })).toEqual([['Alice Adams', 1, 4, 86, 1, 1, 1]]);
      const { crosswordPlayerStatsPage } = dataOf(
        await gql<{ crosswordPlayerStatsPage: { totalCount: number; nodes: { player: string; games: number }[] } }>(
          `{ crosswordPlayerStatsPage(first: 1, filter: { player: "bob" }) { totalCount nodes { player games } } }`,
        ),
      );
      expect(crosswordPlayerStatsPage).toEqual({ totalCount: 2, nodes: [{ player: 'Alice Adams', games: 2 }] });
    });

    it('counts and lists the disagreeing games among the kept ones only', async () => {
      const { crosswordScoreDisagreements } = dataOf(
        await gql<{ crosswordScoreDisagreements: { games: number; disagreeing: number; nodes: { game: { id: string } }[] } }>(
          `{ crosswordScoreDisagreements(filter: { minPlies: 5 }) { games disagreeing nodes { game { id } } } }`,
        ),
      );
      // Kept: small, doug, incomplete; of them only the small game disagrees (Bob stated 36, 35 recomputed).
      expect(crosswordScoreDisagreements).toEqual({ games: 3, disagreeing: 1, nodes: [{ game: { id: ids.small } }] });
    });
  });

  it.each([
    ['chessPlayerAnalysis', '{ player }'],
    ['chessAnalysedGames', '{ totalCount }'],
    ['backgammonPlayerErrors', '{ player }'],
    ['backgammonMatchErrors', '{ hasNextPage }'],
    ['crosswordPlayerStats', '{ player }'],
    ['crosswordScoreDisagreements', '{ games }'],
  ])('%s refuses a wrong filter field, naming it', async (query, fields) => {
    const result = await gql(`{ ${query}(filter: { dateFrom: "2024-13" }) ${fields} }`);
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'filter.dateFrom' } });
  });
});
