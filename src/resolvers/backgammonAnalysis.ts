/**
 * Backgammon error rates from gnubg's analysis (per player, match and game), the distribution
 * of equity lost, the worst decisions; and `Score.label`, a score's program and settings in words.
 */
import type { BackgammonErrorRates, Resolvers } from '../generated/graphql';
import type { Context } from '../api/context';
import { errorRatesOf, gnubgRulesetName } from '../codecs/backgammon';
import { badUserInput } from '../api/errors';
import { keptGamesOf } from '../api/gameFilter';
import {
  MAX_FILTER_TEXT,
  decodeCursor,
  encodeCursor,
  keysCursorReader,
  keysetConnection,
  selects,
  loadOrNotFound,
  pageInfoOf,
  pageOf,
  pageRequest,
  pageSize,
  parseId,
  textArg,
} from '../api/args';
import {
  type DecisionKind,
  type ErrorSums,
  type WorstDecision,
  backgammonGameErrors,
  backgammonLossHistogram,
  backgammonMatchErrors,
  backgammonPlayerErrors,
  backgammonPlayerErrorsPage,
  playerOrderKeys,
  backgammonWorstDecisions,
  backgammonWorstDecisionsPage,
  worstDecisionKeys,
} from '../games/backgammon/analysis';
import { occurrencesOfKey } from '../storage/occurrences';

/** The histogram's default bucket edges, millipoints: under 1, then around gnubg's thresholds (30 doubtful, 60 bad, 120 very bad). */
const DEFAULT_EDGES = [0, 1, 10, 20, 30, 60, 120, 240, 480];
const MAX_EDGES = 20;

/** Sums as the GraphQL error rates: gnubg's rates (millipoints per decision) and rating words. */
const ratesOf = (s: ErrorSums): BackgammonErrorRates => {
  const r = errorRatesOf(s);
  return {
    ...s,
    checkerRate: r.checker,
    checkerRating: r.checkerRating,
    cubeRate: r.cube,
    cubeRating: r.cubeRating,
    overallRate: r.overall,
    overallRating: r.overallRating,
  };
};

const kindOf = (kind: 'CHECKER' | 'CUBE' | null | undefined): DecisionKind | undefined =>
  kind === 'CHECKER' ? 'checker' : kind === 'CUBE' ? 'cube' : undefined;

const playerArg = (player: string | null | undefined): string | undefined =>
  player === null || player === undefined ? undefined : textArg(player, 'player', MAX_FILTER_TEXT);

/** Bucket edges: ascending millipoints from 0; BAD_USER_INPUT saying which rule they break. */
const edgesArg = (edges: number[] | null | undefined): number[] => {
  if (edges === null || edges === undefined) return DEFAULT_EDGES;
  if (edges.length === 0 || edges.length > MAX_EDGES) throw badUserInput(`edges must hold 1 to ${MAX_EDGES} values, got ${edges.length}`, { argument: 'edges' });
  if (edges[0] !== 0) throw badUserInput(`edges must start at 0, got ${edges[0]}`, { argument: 'edges' });
  for (let i = 1; i < edges.length; i++)
    if (!(edges[i] > edges[i - 1]) || !Number.isFinite(edges[i]))
      throw badUserInput(`edges must be finite and ascending: edge ${i} (${edges[i]}) is not above ${edges[i - 1]}`, { argument: 'edges' });
  return edges;
};

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A decision as GraphQL shows it, with its position. */
const decisionOf = async (w: WorstDecision, loaders: Context['loaders']) => ({
  kind: w.kind === 'checker' ? ('CHECKER' as const) : ('CUBE' as const),
  position: await loadOrNotFound(loaders.position.load(w.positionId), `position ${w.positionId}`),
  player: typeof w.details.player === 'number' ? w.details.player : null,
  decision: text(w.details.decision),
  move: text(w.details.move),
  loss: w.loss,
  millipoints: 1000 * w.loss,
  skill: text(w.details.skill),
  played: w.played,
  best: w.best,
  unit: text(w.details.unit) ?? 'equity',
  settings: gnubgRulesetName(w.ruleset) ?? w.ruleset,
});

export const backgammonAnalysisResolvers: Resolvers = {
  Query: {
    backgammonPlayerErrors: async (_, { player, filter, orderBy, first }, { db, loaders }) =>
      (
        await backgammonPlayerErrors(db, {
          player: playerArg(player),
          games: await keptGamesOf(db, loaders.source, filter),
          order: orderBy ?? 'GAMES',
          first: pageSize(first, 50, 500),
        })
      ).map(({ player: name, ...sums }) => ({ player: name, errors: ratesOf(sums) })),
    backgammonPlayerErrorsPage: async (_, { player, filter, orderBy, ...paging }, { db, loaders }, info) => {
      const order = orderBy ?? 'GAMES';
      const name = `bgPlayers:${order}`;
      const request = pageRequest(paging, info, 50, 500, keysCursorReader(name, playerOrderKeys(order)));
      const page = await backgammonPlayerErrorsPage(db, {
        player: playerArg(player),
        games: await keptGamesOf(db, loaders.source, filter),
        order,
        take: request.take,
        after: request.cursor,
        backward: request.backward,
        count: selects(info, 'totalCount'),
      });
      return keysetConnection(page, request, name, ({ player: who, ...sums }) => ({ player: who, errors: ratesOf(sums) }));
    },
    backgammonMatchErrors: async (_, { player, filter, ...paging }, { db, loaders }, info) => {
      const request = pageRequest(paging, info, 20, 200, (cursor, argument) => decodeCursor('bgmatch', cursor, argument));
      const found = await backgammonMatchErrors(db, {
        player: playerArg(player),
        games: await keptGamesOf(db, loaders.source, filter),
        first: request.take,
        afterGameId: request.cursor,
        backward: request.backward,
      });
      const page = pageOf(found.matches, request, found.hasNextPage);
      const last = page.nodes[page.nodes.length - 1];
      const cursorOf = (m: { firstGameId: bigint }) => encodeCursor('bgmatch', m.firstGameId);
      return {
        pageInfo: pageInfoOf(page.nodes, cursorOf, page.hasNextPage, page.hasPreviousPage),
        nodes: page.nodes.map((m) => ({
          id: String(m.firstGameId),
          player1: m.player1,
          player2: m.player2,
          matchLength: m.matchLength,
          event: m.event,
          date: m.dateText,
          importId: m.importId === null ? null : String(m.importId),
          games: m.games,
          sides: m.sides.map((s, i) => ({ side: i + 1, player: i === 0 ? m.player1 : m.player2, errors: s.games > 0 ? ratesOf(s) : null })),
        })),
        endCursor: last ? cursorOf(last) : null,
        hasNextPage: page.hasNextPage,
      };
    },
    backgammonGameErrors: async (_, { gameId, wholeMatch }, { db }) =>
      (await backgammonGameErrors(db, parseId(gameId, 'gameId'), wholeMatch === true)).map(({ game, sides }) => ({
        game,
        sides: sides.map((s, i) => ({ side: i + 1, player: i === 0 ? game.player1 : game.player2, errors: s ? ratesOf(s) : null })),
      })),
    backgammonLossHistogram: async (_, args, { db }) => {
      const edges = edgesArg(args.edges);
      const counts = await backgammonLossHistogram(db, { kind: kindOf(args.kind), edges });
      return {
        kind: args.kind ?? null,
        buckets: edges.map((from, i) => ({ from, to: edges[i + 1] ?? null, decisions: counts[i] })),
        decisions: counts.reduce((a, b) => a + b, 0),
      };
    },
    backgammonWorstDecisions: async (_, args, { db, loaders }) =>
      Promise.all((await backgammonWorstDecisions(db, { kind: kindOf(args.kind), first: pageSize(args.first, 10, 100) })).map((w) => decisionOf(w, loaders))),
    backgammonWorstDecisionsPage: async (_, { kind, ...paging }, { db, loaders }, info) => {
      const name = `bgWorst:${kind ?? 'ALL'}`;
      const request = pageRequest(paging, info, 10, 100, keysCursorReader(name, worstDecisionKeys()));
      const page = await backgammonWorstDecisionsPage(db, {
        kind: kindOf(kind),
        take: request.take,
        after: request.cursor,
        backward: request.backward,
        count: selects(info, 'totalCount'),
      });
      const decisions = await Promise.all(page.rows.map(async ({ row, keys }) => ({ row: await decisionOf(row, loaders), keys })));
      return keysetConnection({ ...page, rows: decisions }, request, name, (d) => d);
    },
  },
  BackgammonDecision: {
    occurrence: async (d, _, { db, loaders }) => {
      const [first] = await occurrencesOfKey(db, loaders.source, 'BACKGAMMON', d.position.key, 1);
      return first ?? null;
    },
  },
  Score: {
    label: (s) => {
      const gnubg = s.program === 'gnubg' ? gnubgRulesetName(s.ruleset) : null;
      if (gnubg) return `gnubg ${gnubg}`;
      return s.ruleset ? `${s.program} ${s.ruleset}` : s.program;
    },
  },
};
