/**
 * Chess score analysis: the programs present, figures per player, analysed games worst first
 * (all aggregate SQL over PlayerAnalysis, `storage/chessAnalysis.ts`), and one game's rows and
 * evaluation graph.
 */
import type { ChessEvaluation, ChessGameSideAnalysis, Resolvers } from '../generated/graphql';
import type { Context } from '../api/context';
import {
  MAX_KEY_TEXT,
  decodeKeyCursor,
  encodeKeyCursor,
  intArg,
  isCursorNumber,
  keysCursorReader,
  keysetConnection,
  selects,
  loadOrNotFound,
  pageRequest,
  pageSize,
  pagedConnection,
  textArg,
} from '../api/args';
import { badUserInput } from '../api/errors';
import { type GameFilter, keptGamesOf } from '../api/gameFilter';
import { type WhiteEvaluation, ceiledCentipawns, winPercent } from '../codecs/chess';
import {
  type GameOrder,
  type PlayerFigures,
  type ProgramFilter,
  type SideRow,
  chessAnalysedGames,
  chessAnalysisPrograms,
  chessEvaluationGraph,
  chessPlayerFigures,
  chessPlayerFiguresPage,
  chessPlayerOrderKeys,
} from '../games/chess/analysis';

const MAX_PLAYERS = 1000;
const MAX_GAMES_PAGE = 100;

const sideOf = (side: number): 'WHITE' | 'BLACK' => (side === 1 ? 'WHITE' : 'BLACK');

/** A PlayerAnalysis row as GraphQL shows it. */
const sideAnalysis = (r: SideRow): ChessGameSideAnalysis => ({
  side: sideOf(r.side),
  player: r.player,
  program: r.program,
  ruleset: r.ruleset,
  moves: r.decisions,
  centipawnLoss: r.loss,
  averageCentipawnLoss: r.decisions > 0 ? r.loss / r.decisions : 0,
  accuracy: r.accuracy,
  inaccuracies: r.inaccuracies,
  mistakes: r.mistakes,
  blunders: r.blunders,
});

/** The program, ruleset and game filter arguments, checked (the filter read as every query reads one). */
const programFilter = async (
  { program, ruleset, filter }: { program?: string | null; ruleset?: string | null; filter?: GameFilter | null },
  { db, loaders }: Context,
): Promise<ProgramFilter> => ({
  program: program === null || program === undefined ? null : textArg(program, 'program', MAX_KEY_TEXT),
  ruleset: ruleset === null || ruleset === undefined ? null : textArg(ruleset, 'ruleset', MAX_KEY_TEXT),
  games: await keptGamesOf(db, loaders.source, filter),
});

/** An evaluation as GraphQL shows it; `whiteToMove` in the position (a mate in 0 is against the side to move). */
const evaluationOf = (e: WhiteEvaluation, whiteToMove: boolean): ChessEvaluation => ({
  pawns: e.mate === undefined ? e.cp / 100 : ceiledCentipawns(e, whiteToMove) / 100,
  mate: e.mate ?? null,
  winPercent: winPercent(e, whiteToMove),
});

const per100 = (count: number, moves: number): number | null => (moves > 0 ? (100 * count) / moves : null);

const minGamesArg = (minGames: number | null | undefined): number => intArg(minGames, 1, 1, 1_000_000, 'minGames');

/** A player's figures as GraphQL shows them. */
const playerAnalysis = (p: PlayerFigures) => ({
  player: p.player,
  games: p.games,
  moves: p.moves,
  averageCentipawnLoss: p.averageLoss,
  meanAccuracy: p.meanAccuracy,
  inaccuracies: p.inaccuracies,
  mistakes: p.mistakes,
  blunders: p.blunders,
  inaccuraciesPer100Moves: per100(p.inaccuracies, p.moves),
  mistakesPer100Moves: per100(p.mistakes, p.moves),
  blundersPer100Moves: per100(p.blunders, p.moves),
});

export const chessAnalysisResolvers: Resolvers = {
  Query: {
    chessAnalysisPrograms: async (_, { first, filter }, context) =>
      chessAnalysisPrograms(context.db, intArg(first, 100, 0, 1000, 'first'), (await programFilter({ filter }, context)).games),
    chessPlayerAnalysis: async (_, { minGames, first, orderBy, ...filters }, context) =>
      (
        await chessPlayerFigures(context.db, await programFilter(filters, context), {
          minGames: minGamesArg(minGames),
          first: pageSize(first, 50, MAX_PLAYERS),
          order: orderBy ?? 'MOST_GAMES',
        })
      ).map(playerAnalysis),
    chessPlayerAnalysisPage: async (_, { program, ruleset, filter, minGames, orderBy, ...paging }, context, info) => {
      const order = orderBy ?? 'MOST_GAMES';
      const name = `chessPlayers:${order}`;
      const request = pageRequest(paging, info, 50, MAX_PLAYERS, keysCursorReader(name, chessPlayerOrderKeys(order)));
      const page = await chessPlayerFiguresPage(context.db, await programFilter({ program, ruleset, filter }, context), {
        minGames: minGamesArg(minGames),
        order,
        take: request.take,
        after: request.cursor,
        backward: request.backward,
        count: selects(info, 'totalCount'),
      });
      return keysetConnection(page, request, name, playerAnalysis);
    },
    chessAnalysedGames: async (_, { program, ruleset, filter, orderBy, ...paging }, context, info) => {
      const order: GameOrder = orderBy ?? 'HIGHEST_AVERAGE_CENTIPAWN_LOSS';
      const name = `chessGames:${order}`;
      const request = pageRequest(paging, info, 20, MAX_GAMES_PAGE, (text, argument) => {
        const cursor = decodeKeyCursor(name, text, argument, isCursorNumber);
        if (cursor && cursor.value === null) throw badUserInput(`${argument} is not a cursor this server gave out for this order`, { argument });
        return cursor && { value: Number(cursor.value), id: cursor.id };
      });
      const page = await chessAnalysedGames(context.db, await programFilter({ program, ruleset, filter }, context), {
        order,
        first: request.take,
        after: request.cursor,
        backward: request.backward,
      });
      const nodes = await Promise.all(
        page.games.map(async ({ gameId, value: orderValue }) => {
          const [game, rows] = await Promise.all([loadOrNotFound(context.loaders.game.load(gameId), 'game'), context.loaders.chessSideRows.load(gameId)]);
          const white = rows.find((r) => r.side === 1);
          const black = rows.find((r) => r.side === 2);
          return { game, white: white ? sideAnalysis(white) : null, black: black ? sideAnalysis(black) : null, orderValue };
        }),
      );
      return pagedConnection(nodes, request, (n) => encodeKeyCursor(name, String(n.orderValue), n.game.id), page.totalCount, page.hasNextPage);
    },
  },
  Game: {
    chessAnalysis: async (game, _, { loaders }) => (game.kind === 'CHESS' ? (await loaders.chessSideRows.load(game.id)).map(sideAnalysis) : []),
    chessEvaluationGraph: (game) => {
      const graph = chessEvaluationGraph(game);
      if (!graph) return null;
      return {
        start: evaluationOf(graph.start, graph.whiteMovesFirst),
        startAssumed: graph.startAssumed,
        moves: graph.moves.map((m) => ({
          ply: m.ply,
          moveNumber: m.moveNumber,
          side: m.white ? 'WHITE' : 'BLACK',
          san: m.san,
          evaluation: m.evaluation ? evaluationOf(m.evaluation, !m.white) : null,
          centipawnLoss: m.loss,
          accuracy: m.accuracy,
          judgement: m.judgement,
          clockSeconds: m.clock,
        })),
      };
    },
  },
};
