/**
 * gnubg's verdicts on a stored game's decisions, ply by ply, for the pattern search's
 * `minError`: the game's SGF read again and its analysis (`A`, `DA`) scored as the import scores
 * it (`analysisOf`), each score put on the ply of the position it was made from.
 */
import { parseBackgammonSgf, replayGame } from '../../codecs/backgammon';
import type { ScoreRecord } from '../../db/records';
import type { PatternGame } from '../patterns';
import { analysisOf } from './sgf';

/** The normalised equity lost by the decisions made from each ply (NaN: none judged there). */
export interface PlyLosses {
  checker: Float64Array;
  cube: Float64Array;
}

/**
 * What a verdict lost, as the worst-decisions list counts it (`LOSS` in analysis.ts): a checker
 * play best − played; a cube decision gnubg's normalised loss (`details.loss`), or best − played
 * where the values are equities; NaN when it cannot be had (a match take or drop beyond the
 * match equity table).
 */
export const lossOfScore = (score: ScoreRecord): number => {
  if (score.bestValue === null || score.bestValue === undefined) return NaN;
  if (score.ruleset.startsWith('checker:')) return score.bestValue - score.value;
  const details = (score.details ?? {}) as { loss?: unknown; unit?: unknown };
  if (typeof details.loss === 'number') return details.loss;
  return details.unit === 'equity' ? score.bestValue - score.value : NaN;
};

const utf8 = new TextDecoder('utf-8');

/**
 * The verdicts of `game`'s analysis per ply of its main line (`game.plies`, or where the game comes
 * without them, the plies of the replay here: the import's); null when the game carries none (a
 * .mat game, an SGF game gnubg did not analyse, a source that no longer reads). A score whose
 * position is not the ply's (the plies came from another reading) is left out. With `at` (plies
 * in order), only the decisions made from those plies are read: reading gnubg's candidates is
 * nearly all the time this takes, and the others' stay NaN.
 */
export const decisionLosses = (game: Pick<PatternGame, 'source' | 'sourceFormat'> & { plies?: PatternGame['plies'] }, at?: readonly number[]): PlyLosses | null => {
  if (game.sourceFormat !== 'SGF') return null;
  const text = utf8.decode(game.source);
  // Both A[ and DA[ end in "A[": a game without it has no verdict to read.
  if (!text.includes('A[')) return null;
  const read = parseBackgammonSgf(text);
  if (!read.ok || read.value.games.length === 0) return null;
  const bg = read.value.games[0];
  const replay = replayGame(bg);
  if (!replay.ok) return null;
  let asked: Uint8Array | undefined;
  if (at) {
    asked = new Uint8Array(replay.value.plies.length);
    for (const ply of at) if (ply < asked.length) asked[ply] = 1;
  }
  const { scores } = analysisOf(bg, replay.value.plies, undefined, asked && ((ply) => asked[ply] === 1));
  if (scores.length === 0) return null;
  const replayed = replay.value.plies;
  const plies = game.plies;
  const n = plies ? plies.length : replayed.length;
  const keyAt = (at: number): string => (plies ? plies[at].position.key : replayed[at].key);
  const losses: PlyLosses = { checker: new Float64Array(n).fill(NaN), cube: new Float64Array(n).fill(NaN) };
  for (const score of scores) {
    const decided = (score.details as { ply?: unknown } | undefined)?.ply;
    if (typeof decided !== 'number') continue;
    // A decision of ply k is made from the position of ply k − 1.
    const at = decided - 1;
    if (at < 0 || at >= n || keyAt(at) !== score.positionKey) continue;
    const loss = lossOfScore(score);
    if (Number.isNaN(loss)) continue;
    const into = score.ruleset.startsWith('checker:') ? losses.checker : losses.cube;
    if (!(into[at] >= loss)) into[at] = loss;
  }
  return losses;
};
