/** The packed form of a chess game's evaluations (issue 29, section 2): every evaluation read back as it was packed, in a few bytes. */
import { type ChessEvaluation, chessEvaluationScores, packEvaluations, unpackEvaluations } from '../../../src/games/chess/evaluations';

const EVALUATIONS: ChessEvaluation[] = [
  { node: 1, ply: 1, variation: '', program: 'Stockfish 16', eval: { cp: 24, source: 'eval' } },
  { node: 2, ply: 2, variation: '', program: 'Stockfish 16', eval: { cp: -150, depth: 20, source: 'eval' } },
  { node: 9, ply: 2, variation: '0.1.0', program: 'Stockfish 16', eval: { mate: -0, source: 'eval' } },
  { node: 300, ply: 300, variation: '', program: 'EngineW', eval: { mate: 3, depth: 31, source: 'engine' } },
  { node: 301, ply: 301, variation: '', program: 'EngineB', eval: { cp: 2_000_000_000_000_001, source: 'eval' } },
  { node: 302, ply: 302, variation: '', program: 'Ænginé ♞', eval: { cp: -0, depth: 1e300, source: 'eval' } },
];

describe('packed chess evaluations', () => {
  it('reads back every evaluation as it was packed: node, ply, variation, program, centipawns or mate (-0 kept), depth, notation', () => {
    const unpacked = unpackEvaluations(packEvaluations(EVALUATIONS)!);
    expect(unpacked).toEqual(EVALUATIONS);
    expect(Object.is(unpacked[2].eval.mate, -0)).toBe(true);
    expect(Object.is(unpacked[5].eval.cp, -0)).toBe(true);
  });

  it('packs none for a game without evaluations', () => {
    expect(packEvaluations([])).toBeNull();
  });

  it('takes a few bytes an evaluation: four main-line centipawn evaluations of one program in 29 bytes', () => {
    const four = [9, 29, 49, 69].map((ply): ChessEvaluation => ({ node: ply, ply, variation: '', program: 'unknown', eval: { cp: 100 - ply, source: 'eval' } }));
    // The version, the program list (one, "unknown"), the count; then node, flags, program and centipawns (1-2 bytes) each.
    expect(packEvaluations(four)!.length).toBe(1 + (1 + 1 + 7) + 1 + (3 + 2) + (3 + 2) + (3 + 1) + (3 + 1));
  });

  it('gives each evaluation as the score it always was: pawns from White, a mate as ±100, details and source', () => {
    expect(chessEvaluationScores(packEvaluations(EVALUATIONS.slice(0, 4))!, 'PGN', 7)).toEqual([
      { node: 1, program: 'Stockfish 16', ruleset: '', value: 0.24, details: { cp: 24, notation: 'eval' }, source: 'PGN game 7 ply 1' },
      { node: 2, program: 'Stockfish 16', ruleset: '', value: -1.5, details: { cp: -150, depth: 20, notation: 'eval' }, source: 'PGN game 7 ply 2' },
      { node: 9, program: 'Stockfish 16', ruleset: '', value: -100, details: { mate: -0, notation: 'eval' }, source: 'PGN game 7 variation 0.1.0 ply 2' },
      { node: 300, program: 'EngineW', ruleset: '', value: 100, details: { mate: 3, depth: 31, notation: 'engine' }, source: 'PGN game 7 ply 300' },
    ]);
  });
});
