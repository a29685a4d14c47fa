/**
 * The opening explorer: which moves were played from a position, in how many games, and how
 * those games ended. A position that is hot in a flush of an import has its counts kept per move
 * (`PositionMove`, summed here over flushes); its other occurrences are few per flush, and are
 * read from replays of their games. Each game counts once per move.
 */
import type { Database } from '../db/database';
import { outcomeOf } from '../db/positionIndexWriter';
import type { GameKind } from '../db/records';
import { type PlySource, plyHasKey } from './occurrences';
import { blockPostings, indexKey } from './positionIndex';

export interface MoveStats {
  move: string;
  count: number;
  /** Games won by the first player (White in chess, Black in Go). */
  firstWins: number;
  draws: number;
  secondWins: number;
  /** Games with no decisive or drawn result (`*`, unknown). */
  unknown: number;
}

interface MoveRow {
  [column: string]: unknown;
  move: string;
  games: bigint;
  first: bigint;
  draws: bigint;
  second: bigint;
}

/** Moves from a position, most played first; main lines only unless `includeVariations`. */
export async function moveStats(db: Database, source: PlySource, kind: GameKind, key: string, includeVariations: boolean): Promise<MoveStats[]> {
  const k = indexKey(kind, key);
  const [kept, cold] = await Promise.all([
    db.sql.query<MoveRow>(
      `SELECT move, sum(games)::int8 AS games, sum("firstWins")::int8 AS first, sum(draws)::int8 AS draws,
         sum("secondWins")::int8 AS second
       FROM "PositionMove" WHERE kind = $1::"GameKind" AND hash = $2 AND ("mainLine" OR $3::boolean)
       GROUP BY move`,
      [kind, k.hash, includeVariations],
    ),
    blockPostings(db.sql, k),
  ]);
  const stats = new Map<string, MoveStats>();
  const entry = (move: string): MoveStats => {
    let s = stats.get(move);
    if (!s) stats.set(move, (s = { move, count: 0, firstWins: 0, draws: 0, secondWins: 0, unknown: 0 }));
    return s;
  };
  for (const r of kept) {
    const s = entry(r.move);
    s.count += Number(r.games);
    s.firstWins += Number(r.first);
    s.draws += Number(r.draws);
    s.secondWins += Number(r.second);
  }
  // The other occurrences: each game once per move, from its replay (all games asked at once, so a loader batches them).
  const wanted = cold.filter((p) => includeVariations || p.mainLine);
  const [replays, games] = await Promise.all([
    Promise.all(wanted.map((p) => source.plies(p.gameId))),
    Promise.all(wanted.map((p) => source.game(p.gameId))),
  ]);
  const counted = new Set<string>();
  wanted.forEach((p, i) => {
    const ply = replays[i].find((r) => r.node === p.node);
    const move = ply?.ply.nextMove;
    if (!ply || !move || !plyHasKey(ply, kind, key) || counted.has(`${p.gameId} ${move}`)) return;
    counted.add(`${p.gameId} ${move}`);
    const s = entry(move);
    s.count++;
    const outcome = outcomeOf(kind, games[i]?.result);
    if (outcome === 'FIRST') s.firstWins++;
    else if (outcome === 'SECOND') s.secondWins++;
    else if (outcome === 'DRAW') s.draws++;
  });
  const out = [...stats.values()];
  for (const s of out) s.unknown = s.count - s.firstWins - s.draws - s.secondWins;
  return out.sort((a, b) => b.count - a.count || (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
}
