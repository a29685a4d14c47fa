/**
 * Chess score analysis through GraphQL, on both databases: the programs, figures per player,
 * analysed games worst first with paging, and one game's rows and evaluation graph.
 *
 * Fixture (one PGN file), win% W(cp) = 50 + 50 (2 / (1 + e^(-0.00368208 cp)) - 1):
 * G1 Anna-Boris (Stockfish 16): from +0.15, e4 +0.35, e5 +0.40, Qh5 -2.50, Nc6 -2.40.
 *   Anna: losses 0 and 290 (Qh5: winning chances 0.0735 -> -0.4303, a blunder); accuracy
 *   (weighted 37.0960 + harmonic 48.8071) / 2 = 42.9516 (worked out in
 *   tests/storage/chessAnalysisReader.test.ts). Boris: losses 5 and 10, accuracy 98.3086.
 * G2 Boris-Anna (Stockfish 16): from +0.15, d4 +0.20, d5 +0.20, c4 +0.20, Nf6 +1.50.
 *   Boris: 15 -> 20 and 20 -> 20 lose nothing, accuracy 100.
 *   Anna: d5 20 -> 20 loses 0 (accuracy 100); Nf6 20 -> 150 loses 130, winning chances
 *   0.036804 -> 0.269344 (drop 0.2325: a mistake), win% 51.8402 -> 63.4672 (drop 11.6270),
 *   accuracy 103.16681 e^(-0.0435442 * 11.6270) - 2.16692 = 60.0148. Window size 2: weights
 *   max(0.5, 0) = 0.5 and 11.6270 / 2 = 5.8135; weighted (100 * 0.5 + 60.0148 * 5.8135) / 6.3135
 *   = 63.1814, harmonic 2 / (1/100 + 1/60.0148) = 75.0115, accuracy 69.0965.
 * G3 EngineW-EngineB (cutechess comments): +0.20, -0.10 from Black = +0.10, +0.30: nothing lost,
 *   EngineW judged 2 moves, EngineB 1, accuracies 100.
 * G4 has no evaluations: no rows.
 */
import { analysePendingImports } from '../../src/storage/reanalyse';
import { ANALYSED_PGN } from '../support/analysedChess';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';

const PGN = `${ANALYSED_PGN}[Event "G4"]
[White "Anna"]
[Black "Boris"]
[Result "1/2-1/2"]

1. e4 e5 1/2-1/2
`;

const ANNA_G1 = 42.9516;
const BORIS_G1 = 98.3086;
const ANNA_G2 = 69.0965;

interface Player {
  player: string;
  games: number;
  moves: number;
  averageCentipawnLoss: number;
  meanAccuracy: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  mistakesPer100Moves: number;
  blundersPer100Moves: number;
}

describeEachDatabase('chess analysis GraphQL', (getDb) => {
  let gql: Gql;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    gql = graphqlClient(getDb());
    const { importGames } = dataOf(
      await gql<{ importGames: { games: { id: string; event: string }[] } }>(
        `mutation ($d: String!) { importGames(format: PGN, data: $d) { games { id event } } }`,
        { d: PGN },
      ),
    );
    for (const g of importGames.games) ids[g.event] = g.id;
  });

  it('lists the programs with their games and moves judged', async () => {
    const { chessAnalysisPrograms } = dataOf(await gql<{ chessAnalysisPrograms: unknown[] }>(`{ chessAnalysisPrograms { program ruleset games moves } }`));
    expect(chessAnalysisPrograms).toEqual([
      { program: 'Stockfish 16', ruleset: '', games: 2, moves: 8 },
      { program: 'EngineB', ruleset: '', games: 1, moves: 1 },
      { program: 'EngineW', ruleset: '', games: 1, moves: 2 },
    ]);
  });

  it("sums each player's games under one program: ACPL over all moves, mean accuracy over games", async () => {
    const { chessPlayerAnalysis } = dataOf(
      await gql<{ chessPlayerAnalysis: Player[] }>(
        `{ chessPlayerAnalysis(program: "Stockfish 16", orderBy: HIGHEST_AVERAGE_CENTIPAWN_LOSS) {
          player games moves averageCentipawnLoss meanAccuracy inaccuracies mistakes blunders mistakesPer100Moves blundersPer100Moves } }`,
      ),
    );
    // Anna: (290 + 130) / 4 = 105 cp; (42.9516 + 69.0965) / 2 = 56.0240; 1 mistake and 1 blunder in 4 moves.
    // Boris: (5 + 10 + 0 + 0) / 4 = 3.75 cp; (98.3086 + 100) / 2 = 99.1543.
    expect(chessPlayerAnalysis.map(({ meanAccuracy: _m, ...p }) => p)).toEqual([
      { player: 'Anna', games: 2, moves: 4, averageCentipawnLoss: 105, inaccuracies: 0, mistakes: 1, blunders: 1, mistakesPer100Moves: 25, blundersPer100Moves: 25 },
      { player: 'Boris', games: 2, moves: 4, averageCentipawnLoss: 3.75, inaccuracies: 0, mistakes: 0, blunders: 0, mistakesPer100Moves: 0, blundersPer100Moves: 0 },
    ]);
    expect(chessPlayerAnalysis[0].meanAccuracy).toBeCloseTo((ANNA_G1 + ANNA_G2) / 2, 3);
    expect(chessPlayerAnalysis[1].meanAccuracy).toBeCloseTo((BORIS_G1 + 100) / 2, 3);
  });

  it('takes every program without one, and leaves out players under minGames', async () => {
    const players = async (args: string) =>
      dataOf(await gql<{ chessPlayerAnalysis: { player: string; games: number }[] }>(`{ chessPlayerAnalysis(${args}) { player games } }`)).chessPlayerAnalysis;
    expect(await players('orderBy: PLAYER')).toEqual([
      { player: 'Anna', games: 2 },
      { player: 'Boris', games: 2 },
      { player: 'EngineB', games: 1 },
      { player: 'EngineW', games: 1 },
    ]);
    expect(await players('minGames: 2, orderBy: HIGHEST_ACCURACY')).toEqual([
      { player: 'Boris', games: 2 },
      { player: 'Anna', games: 2 },
    ]);
    expect(await players('program: "EngineW"')).toEqual([{ player: 'EngineW', games: 1 }]);
  });

  it('orders games by the worse side’s ACPL and pages through them', async () => {
    const QUERY = `query ($after: String) { chessAnalysedGames(first: 2, after: $after) {
      totalCount nodes { game { id } orderValue white { player averageCentipawnLoss } black { player averageCentipawnLoss } }
      pageInfo { hasNextPage endCursor } } }`;
    type Page = { chessAnalysedGames: { totalCount: number; nodes: { game: { id: string }; orderValue: number }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } };
    const first = dataOf(await gql<Page>(QUERY)).chessAnalysedGames;
    // G1: max(290 / 2, 15 / 2) = 145; G2: max(0, 130 / 2) = 65; G3: 0.
    expect(first.totalCount).toBe(3);
    expect(first.nodes).toEqual([
      { game: { id: ids.G1 }, orderValue: 145, white: { player: 'Anna', averageCentipawnLoss: 145 }, black: { player: 'Boris', averageCentipawnLoss: 7.5 } },
      { game: { id: ids.G2 }, orderValue: 65, white: { player: 'Boris', averageCentipawnLoss: 0 }, black: { player: 'Anna', averageCentipawnLoss: 65 } },
    ]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = dataOf(await gql<Page>(QUERY, { after: first.pageInfo.endCursor })).chessAnalysedGames;
    expect(second.nodes.map((n) => [n.game.id, n.orderValue])).toEqual([[ids.G3, 0]]);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it('orders games by the accuracy gap and leaves out games without both accuracies', async () => {
    const { chessAnalysedGames } = dataOf(
      await gql<{ chessAnalysedGames: { nodes: { game: { id: string }; orderValue: number }[] } }>(
        `{ chessAnalysedGames(orderBy: LARGEST_ACCURACY_GAP, program: "Stockfish 16") { nodes { game { id } orderValue } } }`,
      ),
    );
    // G1: 98.3086 - 42.9516 = 55.3571; G2: 100 - 69.0965 = 30.9035 (G3's sides are other programs: filtered out).
    expect(chessAnalysedGames.nodes.map((n) => n.game.id)).toEqual([ids.G1, ids.G2]);
    expect(chessAnalysedGames.nodes[0].orderValue).toBeCloseTo(BORIS_G1 - ANNA_G1, 3);
    expect(chessAnalysedGames.nodes[1].orderValue).toBeCloseTo(100 - ANNA_G2, 3);
  });

  it('refuses a cursor given out for another order', async () => {
    const { chessAnalysedGames } = dataOf(await gql<{ chessAnalysedGames: { pageInfo: { endCursor: string } } }>(`{ chessAnalysedGames(first: 1) { pageInfo { endCursor } } }`));
    const result = await gql(`query ($a: String) { chessAnalysedGames(orderBy: MOST_BLUNDERS, after: $a) { totalCount } }`, { a: chessAnalysedGames.pageInfo.endCursor });
    expect(result.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'after' } });
  });

  it("gives a game's two analysis rows, and none for a game without evaluations", async () => {
    const { g1, g4 } = dataOf(
      await gql<{ g1: { chessAnalysis: unknown[] }; g4: { chessAnalysis: unknown[]; chessEvaluationGraph: unknown } }>(
        `query ($a: ID!, $b: ID!) {
          g1: game(id: $a) { chessAnalysis { side player program moves centipawnLoss inaccuracies mistakes blunders } }
          g4: game(id: $b) { chessAnalysis { side } chessEvaluationGraph { startAssumed } }
        }`,
        { a: ids.G1, b: ids.G4 },
      ),
    );
    expect(g1.chessAnalysis).toEqual([
      { side: 'WHITE', player: 'Anna', program: 'Stockfish 16', moves: 2, centipawnLoss: 290, inaccuracies: 0, mistakes: 0, blunders: 1 },
      { side: 'BLACK', player: 'Boris', program: 'Stockfish 16', moves: 2, centipawnLoss: 15, inaccuracies: 0, mistakes: 0, blunders: 0 },
    ]);
    expect(g4).toEqual({ chessAnalysis: [], chessEvaluationGraph: null });
  });

  it("draws a game's evaluation graph from its replay: evaluation, win%, loss, verdict and clock per move", async () => {
    const { game } = dataOf(
      await gql<{ game: { chessEvaluationGraph: { start: { pawns: number; winPercent: number }; startAssumed: boolean; moves: Record<string, unknown>[] } } }>(
        `query ($id: ID!) { game(id: $id) { chessEvaluationGraph {
          start { pawns mate winPercent } startAssumed
          moves { ply moveNumber side san evaluation { pawns mate winPercent } centipawnLoss judgement clockSeconds }
        } } }`,
        { id: ids.G1 },
      ),
    );
    const graph = game.chessEvaluationGraph;
    expect(graph.startAssumed).toBe(true);
    expect(graph.start.pawns).toBe(0.15);
    expect(graph.start.winPercent).toBeCloseTo(51.3804, 3);
    const rounded = graph.moves.map((m) => ({ ...m, evaluation: { ...(m.evaluation as { winPercent: number }), winPercent: Number((m.evaluation as { winPercent: number }).winPercent.toFixed(2)) } }));
    expect(rounded).toEqual([
      { ply: 1, moveNumber: 1, side: 'WHITE', san: 'e4', evaluation: { pawns: 0.35, mate: null, winPercent: 53.22 }, centipawnLoss: 0, judgement: null, clockSeconds: 300 },
      { ply: 2, moveNumber: 1, side: 'BLACK', san: 'e5', evaluation: { pawns: 0.4, mate: null, winPercent: 53.68 }, centipawnLoss: 5, judgement: null, clockSeconds: 298 },
      { ply: 3, moveNumber: 2, side: 'WHITE', san: 'Qh5', evaluation: { pawns: -2.5, mate: null, winPercent: 28.49 }, centipawnLoss: 290, judgement: 'BLUNDER', clockSeconds: null },
      { ply: 4, moveNumber: 2, side: 'BLACK', san: 'Nc6', evaluation: { pawns: -2.4, mate: null, winPercent: 29.24 }, centipawnLoss: 10, judgement: null, clockSeconds: null },
    ]);
  });

  it('writes the rows again for games imported before the analysis existed, when the database is opened', async () => {
    const db = getDb();
    await db.sql.query(`DELETE FROM "PlayerAnalysis"`);
    await db.sql.query(`UPDATE "Import" SET analysed = false`);
    await analysePendingImports(db);
    const rows = await db.sql.query<{ event: string; side: number; loss: number; blunders: number }>(
      `SELECT g.event, a.side, a.loss, a.blunders FROM "PlayerAnalysis" a JOIN "Game" g ON g.id = a."gameId" ORDER BY g.id, a.side`,
    );
    expect(rows).toEqual([
      { event: 'G1', side: 1, loss: 290, blunders: 1 },
      { event: 'G1', side: 2, loss: 15, blunders: 0 },
      { event: 'G2', side: 1, loss: 0, blunders: 0 },
      { event: 'G2', side: 2, loss: 130, blunders: 0 },
      { event: 'G3', side: 1, loss: 0, blunders: 0 },
      { event: 'G3', side: 2, loss: 0, blunders: 0 },
    ]);
  });
});
