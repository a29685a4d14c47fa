/**
 * Crossword score analysis: per-player figures and the games whose stated scores disagree
 * (SQL over the analysis rows, src/storage/crosswordAnalysis.ts), and `Game.scoreProgression`
 * from a replay of that one game.
 */
import type { Resolvers } from '../generated/graphql';
import { keptGamesOf } from '../api/gameFilter';
import { decodeCursor, encodeCursor, intArg, keysCursorReader, keysetConnection, selects, pageInfoOf, pageOf, pageRequest, textArg, MAX_FILTER_TEXT } from '../api/args';
import {
  CROSSWORD_PLAYER_KEYS,
  type CrosswordPlayerStats,
  crosswordPlayerStats,
  crosswordPlayerStatsPage,
  crosswordScoreDisagreements,
  crosswordScoreProgression,
} from '../games/crossword/analysis';

const CURSOR = 'xwdiff';
const PLAYERS_CURSOR = 'xwPlayers';

const playerArg = (player: string | null | undefined): string | undefined => (player ? textArg(player, 'player', MAX_FILTER_TEXT) : undefined);

/** A player's figures as GraphQL shows them. */
const playerStats = (r: CrosswordPlayerStats) => ({
  player: r.player,
  games: r.games,
  turns: r.turns,
  points: r.points,
  averagePointsPerTurn: r.turns > 0 ? r.points / r.turns : null,
  bingos: r.bingos,
  bingosPerGame: r.games > 0 ? r.bingos / r.games : 0,
  wins: r.wins,
  finishedGames: r.finished,
});

export const crosswordAnalysisResolvers: Resolvers = {
  Query: {
    crosswordPlayerStats: async (_, { first, player, filter }, { db, loaders }) =>
      (
        await crosswordPlayerStats(db, {
          first: intArg(first, 50, 0, 500, 'first'),
          player: playerArg(player),
          games: await keptGamesOf(db, loaders.source, filter),
        })
      ).map(playerStats),
    crosswordPlayerStatsPage: async (_, { player, filter, ...paging }, { db, loaders }, info) => {
      const request = pageRequest(paging, info, 50, 500, keysCursorReader(PLAYERS_CURSOR, CROSSWORD_PLAYER_KEYS));
      const page = await crosswordPlayerStatsPage(db, {
        player: playerArg(player),
        games: await keptGamesOf(db, loaders.source, filter),
        take: request.take,
        after: request.cursor,
        backward: request.backward,
        count: selects(info, 'totalCount'),
      });
      return keysetConnection(page, request, PLAYERS_CURSOR, playerStats);
    },
    crosswordScoreDisagreements: async (_, { filter, ...paging }, { db, loaders }, info) => {
      const request = pageRequest(paging, info, 20, 100, (cursor, argument) => decodeCursor(CURSOR, cursor, argument));
      const found = await crosswordScoreDisagreements(db, {
        first: request.take,
        afterGameId: request.cursor,
        backward: request.backward,
        games: await keptGamesOf(db, loaders.source, filter),
      });
      const paged = pageOf(found.page, request, found.hasNextPage);
      const games = await loaders.game.loadMany(paged.nodes.map((d) => d.gameId));
      const nodes = paged.nodes.flatMap((d, k) => {
        const game = games[k];
        // A game deleted since the count is left out of the page.
        if (!game || game instanceof Error) return [];
        const players = d.sides.map((s) => ({
          side: s.side,
          player: s.player,
          statedScore: s.statedScore,
          recomputedScore: s.points,
          difference: s.statedScore - s.points,
        }));
        const difference = players.reduce((m, p) => (Math.abs(p.difference) > Math.abs(m) ? p.difference : m), 0);
        return [{ game, players, difference }];
      });
      const last = paged.nodes[paged.nodes.length - 1];
      const cursorOf = (d: { gameId: bigint }) => encodeCursor(CURSOR, d.gameId);
      return {
        pageInfo: pageInfoOf(paged.nodes, cursorOf, paged.hasNextPage, paged.hasPreviousPage),
        games: found.games,
        disagreeing: found.disagreeing,
        nodes,
        endCursor: paged.hasNextPage && last ? cursorOf(last) : null,
        hasNextPage: paged.hasNextPage,
      };
    },
  },
  Game: {
    scoreProgression: (game) => {
      const summary = crosswordScoreProgression(game);
      if (!summary) return null;
      return {
        players: [...summary.players],
        entries: [...summary.progression],
        disagrees: summary.progression.some((e) => e.statedTotal !== e.total),
      };
    },
  },
};
