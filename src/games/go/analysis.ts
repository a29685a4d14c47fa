/**
 * Go score analysis, aggregated in SQL: which score sets exist, positions by stone count, a
 * set's scores by value, where two sets disagree, and the result each set implies at komi 4..7.
 * Every function answers with plain numbers; the resolvers only shape them for GraphQL.
 */
import type { Database } from '../../db/database';

/** One program's verdicts under one ruleset (ruleset "" when the program has one). */
export interface ScoreSet {
  program: string;
  ruleset: string;
}

export interface ScoreSetSize extends ScoreSet {
  positions: number;
}

/** The score sets stored for Go positions, with how many positions each scored. */
export async function goScoreSets(db: Database, first: number): Promise<ScoreSetSize[]> {
  const rows = await db.sql.query<{ program: string; ruleset: string; n: bigint }>(
    `SELECT s.program, s.ruleset, count(*)::int8 AS n FROM "Score" s JOIN "Position" p ON p.id = s."positionId"
     WHERE p.kind = 'GO' GROUP BY 1, 2 ORDER BY 1, 2 LIMIT $1`,
    [first],
  );
  return rows.map((r) => ({ program: r.program, ruleset: r.ruleset, positions: Number(r.n) }));
}

/** Two score sets (A before B by program, then ruleset) and how many positions both scored. */
export interface ScoreSetPair {
  a: ScoreSetSize;
  b: ScoreSetSize;
  sharedPositions: number;
}

/**
 * Every pair of Go score sets that scored at least one position in common, with how many they
 * share, most shared first (ties by A's then B's program and ruleset), at most `first`: one
 * statement, one pass. The self-join meets each Go position's scores by `positionId` (the prefix
 * of the unique index on positionId, program, ruleset), B being A or a set that sorts after it:
 * each pair comes once, and each score meets itself once, so the count of a set with itself is
 * its size (a separate count of the sets was a second pass: 2.3 s against 1.3 s with 1.1 million
 * scores on PostgreSQL).
 */
export async function goScoreSetPairs(db: Database, first: number): Promise<ScoreSetPair[]> {
  const rows = await db.sql.query<{ ap: string; ar: string; an: bigint; bp: string; br: string; bn: bigint; n: bigint }>(
    `WITH c AS (
       SELECT a.program AS ap, a.ruleset AS ar, b.program AS bp, b.ruleset AS br, count(*)::int8 AS n
       FROM "Score" a JOIN "Position" p ON p.id = a."positionId" AND p.kind = 'GO'
       JOIN "Score" b ON b."positionId" = a."positionId" AND (b.program, b.ruleset) >= (a.program, a.ruleset)
       GROUP BY 1, 2, 3, 4
     )
     SELECT x.ap, x.ar, sa.n AS an, x.bp, x.br, sb.n AS bn, x.n
     FROM c x JOIN c sa ON (sa.ap, sa.ar, sa.bp, sa.br) = (x.ap, x.ar, x.ap, x.ar)
     JOIN c sb ON (sb.ap, sb.ar, sb.bp, sb.br) = (x.bp, x.br, x.bp, x.br)
     WHERE (x.bp, x.br) <> (x.ap, x.ar)
     ORDER BY x.n DESC, 1, 2, 4, 5 LIMIT $1`,
    [first],
  );
  return rows.map((r) => ({
    a: { program: r.ap, ruleset: r.ar, positions: Number(r.an) },
    b: { program: r.bp, ruleset: r.br, positions: Number(r.bn) },
    sharedPositions: Number(r.n),
  }));
}

/** Positions by stone count: listed positions only, or every 9x9 Go position with a board. */
export async function goStoneHistogram(db: Database, listedOnly: boolean): Promise<{ stoneCount: number; positions: number }[]> {
  const rows = await db.sql.query<{ stones: number; n: bigint }>(
    `SELECT "pieceCount" AS stones, count(*)::int8 AS n FROM "Position"
     WHERE kind = 'GO' AND "pieceCount" IS NOT NULL AND ${listedOnly ? '"listImportId" IS NOT NULL' : 'length(board) = 81'}
     GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((r) => ({ stoneCount: r.stones, positions: Number(r.n) }));
}

export interface ScoreBucket {
  /** Null unless the distribution is by stone count too. */
  stoneCount: number | null;
  score: number;
  positions: number;
  meanConfidence: number;
}

/** One set's scores by (rounded) value, optionally by stone count too, counting confidence >= `minConfidence`. */
export async function goScoreDistribution(
  db: Database,
  set: ScoreSet,
  options: { byStoneCount: boolean; minConfidence: number },
): Promise<ScoreBucket[]> {
  const rows = await db.sql.query<{ stones: number | null; score: number; n: bigint; mean: number }>(
    `SELECT ${options.byStoneCount ? 'p."pieceCount"' : 'NULL::int'} AS stones, round(s.value)::int AS score,
       count(*)::int8 AS n, avg(coalesce(s.confidence, 0))::float8 AS mean
     FROM "Score" s ${options.byStoneCount ? `JOIN "Position" p ON p.id = s."positionId" AND p.kind = 'GO'` : ''}
     WHERE s.program = $1 AND s.ruleset = $2 AND coalesce(s.confidence, 0) >= $3
     GROUP BY 1, 2 ORDER BY 1 NULLS FIRST, 2`,
    [set.program, set.ruleset, options.minConfidence],
  );
  return rows.map((r) => ({ stoneCount: r.stones, score: r.score, positions: Number(r.n), meanConfidence: r.mean }));
}

/** A position where set A and set B disagree, with both verdicts; `scoreId` (A's score row) orders the pages. */
export interface Disagreement {
  scoreId: bigint;
  positionId: bigint;
  /** The row's value in the page's order (null in file order): what the next page's cursor keeps. */
  sortValue: number | null;
  a: { value: number; confidence: number | null };
  b: { value: number; confidence: number | null };
}

/** How two score sets compare, in all: positions both scored, and how many agree, by A's rounded score. */
export interface ScoreDiffCounts {
  compared: number;
  agreeing: number;
  disagreeing: number;
  /** Agreements and disagreements by A's rounded score. */
  buckets: { score: number; agree: number; disagree: number }[];
}

/** One page of the disagreements of two score sets. */
export interface DisagreementPage {
  /** Up to `first` disagreements after the cursor, in the page's order. */
  page: Disagreement[];
  hasNextPage: boolean;
}

/** Which positions two sets are compared on (both scored with confidence >= `minConfidence`) and how far apart counts as disagreeing. */
export interface Thresholds {
  minConfidence: number;
  minDifference: number;
}

/** How a page of disagreements is ordered: as set A was imported, largest difference first, or most confident first. */
export type DisagreementOrder = 'FILE_ORDER' | 'LARGEST_DIFFERENCE' | 'MOST_CONFIDENT';

/** The sort value of each order (descending, then A's score row ascending); null for file order. */
const ORDER_VALUE: Record<DisagreementOrder, string | null> = {
  FILE_ORDER: null,
  LARGEST_DIFFERENCE: 'abs(a.value - b.value)',
  MOST_CONFIDENT: 'least(coalesce(a.confidence, 0), coalesce(b.confidence, 0))',
};

/** Where a page starts: after the disagreement with this sort value and score row. */
export interface DisagreementCursor {
  value: number | null;
  scoreId: bigint;
}

/** Both sets' scores of one position, joined (parameters $1..$5: A's program and ruleset, B's, the minimum confidence). */
const BOTH_SCORED_JOIN = `FROM "Score" a JOIN "Score" b ON b."positionId" = a."positionId" AND b.program = $3 AND b.ruleset = $4`;
// \`$5 = 0 OR\`: with no minimum the planner drops the confidence test and estimates the join right.
const BOTH_SCORED_WHERE = `WHERE a.program = $1 AND a.ruleset = $2
    AND ($5 = 0 OR (coalesce(a.confidence, 0) >= $5 AND coalesce(b.confidence, 0) >= $5))`;
const BOTH_SCORED = `${BOTH_SCORED_JOIN}
    ${BOTH_SCORED_WHERE}`;

/**
 * How two score sets compare among positions both scored with confidence >= `minConfidence`:
 * how many they agree on and how many differ by `minDifference` points or more, by A's score.
 */
export async function goScoreDiffCounts(db: Database, a: ScoreSet, b: ScoreSet, options: Thresholds): Promise<ScoreDiffCounts> {
  const buckets = await db.sql.query<{ score: number; agree: bigint; disagree: bigint }>(
    `SELECT round(a.value)::int AS score,
       count(*) FILTER (WHERE abs(a.value - b.value) < $6)::int8 AS agree,
       count(*) FILTER (WHERE abs(a.value - b.value) >= $6)::int8 AS disagree
     ${BOTH_SCORED} GROUP BY 1 ORDER BY 1`,
    [a.program, a.ruleset, b.program, b.ruleset, options.minConfidence, options.minDifference],
  );
  const agreeing = buckets.reduce((n, r) => n + Number(r.agree), 0);
  const disagreeing = buckets.reduce((n, r) => n + Number(r.disagree), 0);
  return {
    compared: agreeing + disagreeing,
    agreeing,
    disagreeing,
    buckets: buckets.map((r) => ({ score: r.score, agree: Number(r.agree), disagree: Number(r.disagree) })),
  };
}

/**
 * One page of the positions where two score sets disagree by `minDifference` points or more
 * (both scored with confidence >= `minConfidence`): `first` of them after the cursor, in `order`
 * (ties, and file order, by A's score row); with `backward`, the `first` before it, nearest first
 * (`hasNextPage` then says more come before them).
 */
export async function goDisagreementPage(
  db: Database,
  a: ScoreSet,
  b: ScoreSet,
  options: Thresholds & { first: number; order: DisagreementOrder; after?: DisagreementCursor; backward?: boolean },
): Promise<DisagreementPage> {
  const { first } = options;
  if (first === 0) return { page: [], hasNextPage: false };
  const params: unknown[] = [a.program, a.ruleset, b.program, b.ruleset, options.minConfidence, options.minDifference];
  const value = ORDER_VALUE[options.order];
  // Keyset paging: past the previous page's last row in (value descending, score row ascending);
  // backward, before the cursor's row with the order reversed.
  const back = options.backward === true;
  let past = 'true';
  if (options.after && value === null) {
    past = `a.id ${back ? '<' : '>'} $7`;
    params.push(options.after.scoreId);
  } else if (options.after) {
    past = `(${value} ${back ? '>' : '<'} $8 OR (${value} = $8 AND a.id ${back ? '<' : '>'} $7))`;
    params.push(options.after.scoreId, options.after.value ?? 0);
  }
  const rows = await db.sql.query<{ id: bigint; positionId: bigint; av: number; ac: number | null; bv: number; bc: number | null; sort: number | null }>(
    `SELECT a.id, a."positionId", a.value AS av, a.confidence AS ac, b.value AS bv, b.confidence AS bc, ${value ?? 'NULL::float8'} AS sort
     ${BOTH_SCORED} AND abs(a.value - b.value) >= $6 AND ${past}
     ORDER BY ${value === null ? '' : `${value} ${back ? 'ASC' : 'DESC'}, `}a.id ${back ? 'DESC' : 'ASC'} LIMIT ${first + 1}`,
    params,
  );
  return {
    page: rows.slice(0, first).map((r) => ({
      scoreId: r.id,
      positionId: r.positionId,
      sortValue: r.sort,
      a: { value: r.av, confidence: r.ac },
      b: { value: r.bv, confidence: r.bc },
    })),
    hasNextPage: rows.length > first,
  };
}

/** Agreement of two score sets among positions with one number of stones on the board. */
export interface StoneAgreement {
  /** Stones on the board; null for positions whose board is not stored. */
  stoneCount: number | null;
  compared: number;
  disagreeing: number;
}

/**
 * How often two score sets disagree (by `minDifference` points or more) by the number of stones
 * on the board, among positions both scored with confidence >= `minConfidence`.
 */
export async function goDisagreementByStones(db: Database, a: ScoreSet, b: ScoreSet, { minConfidence, minDifference }: Thresholds): Promise<StoneAgreement[]> {
  const rows = await db.sql.query<{ stones: number | null; compared: bigint; disagreeing: bigint }>(
    `SELECT p."pieceCount" AS stones, count(*)::int8 AS compared,
       count(*) FILTER (WHERE abs(a.value - b.value) >= $6)::int8 AS disagreeing
     ${BOTH_SCORED_JOIN} JOIN "Position" p ON p.id = a."positionId"
     ${BOTH_SCORED_WHERE}
     GROUP BY 1 ORDER BY 1 NULLS FIRST`,
    [a.program, a.ruleset, b.program, b.ruleset, minConfidence, minDifference],
  );
  return rows.map((r) => ({ stoneCount: r.stones, compared: Number(r.compared), disagreeing: Number(r.disagreeing) }));
}

/** One cell of the cross-tab of two score sets: positions where A gave `a` points and B `b` (rounded). */
export interface CrossTabCell {
  a: number;
  b: number;
  positions: number;
}

/**
 * Where two score sets disagree by `minDifference` points or more, as one cross-tab of their
 * rounded scores (the dashboard's agreement matrix off its diagonal), in one query, among
 * positions both scored with confidence >= `minConfidence`.
 */
export async function goScoreCrossTab(db: Database, a: ScoreSet, b: ScoreSet, { minConfidence, minDifference }: Thresholds): Promise<CrossTabCell[]> {
  const rows = await db.sql.query<{ a: number; b: number; n: bigint }>(
    `SELECT round(a.value)::int AS a, round(b.value)::int AS b, count(*)::int8 AS n
     ${BOTH_SCORED} AND abs(a.value - b.value) >= $6
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [a.program, a.ruleset, b.program, b.ruleset, minConfidence, minDifference],
  );
  return rows.map((r) => ({ a: r.a, b: r.b, positions: Number(r.n) }));
}

export interface KomiVerdict {
  komi: number;
  blackWins: number;
  jigo: number;
  whiteWins: number;
}

/** The result one set implies at komi 4, 5, 6 and 7: positions Black wins (score > komi), draws, White wins. */
export async function goKomiVerdicts(db: Database, set: ScoreSet, minConfidence: number): Promise<KomiVerdict[]> {
  const rows = await db.sql.query<{ komi: number; black: bigint; jigo: bigint; white: bigint }>(
    `WITH d AS (
       SELECT s.value AS v, count(*) AS n FROM "Score" s
       WHERE s.program = $1 AND s.ruleset = $2 AND coalesce(s.confidence, 0) >= $3 GROUP BY 1
     )
     SELECT k AS komi,
       coalesce(sum(n) FILTER (WHERE v > k), 0)::int8 AS black,
       coalesce(sum(n) FILTER (WHERE v = k), 0)::int8 AS jigo,
       coalesce(sum(n) FILTER (WHERE v < k), 0)::int8 AS white
     FROM generate_series(4, 7) AS k LEFT JOIN d ON true GROUP BY k ORDER BY k`,
    [set.program, set.ruleset, minConfidence],
  );
  return rows.map((r) => ({ komi: r.komi, blackWins: Number(r.black), jigo: Number(r.jigo), whiteWins: Number(r.white) }));
}
