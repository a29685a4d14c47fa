/** The PGN reader's analysis summaries: a game whose main line carries evaluations gets one PlayerAnalysis record per side. */
import type { GameRecord, ImportChunk } from '../../../src/db/records';
import { pgnReader } from '../../../src/games/chess/formats';

const readGames = async (text: string): Promise<GameRecord[]> => {
  const out: GameRecord[] = [];
  const input = (async function* () {
    yield Buffer.from(text, 'utf8');
  })();
  for await (const c of pgnReader.read(input, {}) as AsyncIterable<ImportChunk>) out.push(...(c.games ?? []));
  return out;
};

/*
 * From lichess's assumed +0.15: 1. e4 +0.35, 1... e5 +0.40, 2. Qh5 -2.50, 2... Nc6 -2.40.
 * White's win% (50 + 50 (2 / (1 + e^(-0.00368208 cp)) - 1)): W0 51.3804, W1 53.2174, W2 53.6754,
 * W3 28.4852, W4 29.2412.
 * White: e4 15 -> 35 loses 0 (accuracy 100); Qh5 40 -> -250 loses 290, accuracy
 *   103.16681 e^(-0.0435442 * 25.1902) - 2.16692 = 32.2814, winning chances drop
 *   0.073509 + 0.430296 = 0.504 >= 0.3: a blunder. Window size 2 (4 plies / 10, at least 2),
 *   weights |W0 - W1| / 2 = 0.9185 and min(12, |W2 - W3| / 2) = 12: weighted mean 37.0960,
 *   harmonic mean 48.8071, accuracy 42.9516. Loss 290 over 2 moves.
 * Black: e5 35 -> 40 loses 5, accuracy (drop W2 - W1 = 0.4581) 98.9625; Nc6 -250 -> -240 loses
 *   10, accuracy (drop W4 - W3 = 0.7560) 103.16681 e^(-0.0329190) - 2.16692 = 97.6591; weights
 *   max(0.5, 0.229) = 0.5 and max(0.5, 0.378) = 0.5: weighted mean 98.3108, harmonic mean
 *   2 / (1/98.9625 + 1/97.6591) = 98.3064, accuracy 98.3086. Loss 15 over 2 moves, no verdicts.
 */
const LICHESS = `[Event "Analysed"]
[White "Anna"]
[Black "Boris"]
[Annotator "Stockfish 16"]
[Result "0-1"]

1. e4 { [%eval 0.35] [%clk 0:05:00] } 1... e5 { [%eval 0.4] [%clk 0:05:00] } 2. Qh5 { [%eval -2.5] } 2... Nc6 { [%eval -2.4] } 0-1
`;

describe('chess reader: analysis from [%eval] comments', () => {
  it("writes each side's judged moves, centipawn loss, verdicts and lichess accuracy", async () => {
    const [game] = await readGames(LICHESS);
    const rows = game.analysis ?? [];
    expect(rows.map(({ accuracy: _a, ...r }) => r)).toEqual([
      { side: 1, program: 'Stockfish 16', ruleset: '', decisions: 2, loss: 290, inaccuracies: 0, mistakes: 0, blunders: 1 },
      { side: 2, program: 'Stockfish 16', ruleset: '', decisions: 2, loss: 15, inaccuracies: 0, mistakes: 0, blunders: 0 },
    ]);
    expect(rows[0].accuracy).toBeCloseTo(42.9516, 3);
    expect(rows[1].accuracy).toBeCloseTo(98.3086, 3);
  });

  it('takes the start evaluation from a comment before the first move', async () => {
    // From +0.60, e4 to +0.35 loses 25: White's loss is 25 + 290.
    const [game] = await readGames(LICHESS.replace('1. e4', '{ [%eval 0.6] } 1. e4'));
    expect(game.analysis?.[0].loss).toBe(315);
  });

  it('credits cutechess comments to the engine that moved, turned to White’s view', async () => {
    // 1. e4 +0.20 (White's engine), 1... e5 -0.10 from Black's view = +0.10, 2. Nf3 +0.30:
    // White 15 -> 20 and 10 -> 30 lose 0; Black 20 -> 10 gains; everyone's accuracy is 100.
    const [game] = await readGames(`[White "EngineW"]\n[Black "EngineB"]\n[Result "*"]\n\n1. e4 {+0.20/12 0.5s} e5 {-0.10/14 0.4s} 2. Nf3 {+0.30/12 0.3s} *\n`);
    expect(game.analysis).toEqual([
      { side: 1, program: 'EngineW', ruleset: '', decisions: 2, loss: 0, inaccuracies: 0, mistakes: 0, blunders: 0, accuracy: 100 },
      { side: 2, program: 'EngineB', ruleset: '', decisions: 1, loss: 0, inaccuracies: 0, mistakes: 0, blunders: 0, accuracy: 100 },
    ]);
  });

  it('leaves a game without evaluations without analysis', async () => {
    const [game] = await readGames(`[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 { a good move } e5 2. Nf3 1-0\n`);
    expect(game.analysis).toBeUndefined();
  });

  it('judges only the main line: evaluations in variations do not count', async () => {
    const [game] = await readGames(`[Result "*"]\n\n1. e4 { [%eval 0.2] } (1. d4 { [%eval -3.0] }) e5 *\n`);
    // Only e4 (15 -> 20) is judged; e5 has no evaluation after it.
    expect(game.analysis).toEqual([{ side: 1, program: 'unknown', ruleset: '', decisions: 1, loss: 0, inaccuracies: 0, mistakes: 0, blunders: 0, accuracy: 100 }]);
  });
});
