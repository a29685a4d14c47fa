import {
  GameScoreSummary,
  gcgMoveOf,
  gcgRuleset,
  gcgSourceProgram,
  parseGcg,
  replayGcg,
  summarizeGcgGame,
} from '../../../src/codecs/crossword';
import { unwrap } from '../../../src/codecs/result';
import { readBytes } from './fixtures';
import { SMALL_GAME } from './smallGame';


const summarize = (text: string | Uint8Array): GameScoreSummary => {
  const game = unwrap(parseGcg(text));
  return summarizeGcgGame(game, unwrap(replayGcg(game)));
};

describe('a game summary per player', () => {
  it('counts turns, recomputed points, bingos and the stated final score of each player', () => {
    expect(summarize(SMALL_GAME).players).toEqual([
      { side: 1, nick: 'alice', turns: 4, points: 86, bingos: 1, statedScore: 86 },
      { side: 2, nick: 'bob', turns: 3, points: 35, bingos: 0, statedScore: 36 },
    ]);
  });

  it('does not count a withdrawn seven-tile play as a bingo', () => {
    // 8D RETAINS (66, bingo) then withdrawn: 0 points, 1 turn, no bingo.
    const text = '#player1 a A\n#player2 b B\n>a: AEINRST 8D RETAINS +66 66\n>a: AEINRST -- -66 0\n';
    expect(summarize(text).players[0]).toEqual({ side: 1, nick: 'a', turns: 1, points: 0, bingos: 0, statedScore: 0 });
  });

  it('counts a last-rack penalty as the replay values the tiles and a time penalty as stated', () => {
    // 8D RETAINS 66; (QZ) = -(10+10) = -20; (time) -10 as stated: 66 - 20 - 10 = 36.
    const text = '#player1 a A\n#player2 b B\n>a: AEINRST 8D RETAINS +66 66\n>a: QZ (QZ) -20 46\n>a: QZ (time) -10 36\n';
    expect(summarize(text).players[0]).toEqual({ side: 1, nick: 'a', turns: 1, points: 36, bingos: 1, statedScore: 36 });
  });

  it("agrees with doug v emely's stated totals: 451 and 345, bingos DONATES and RE.IgION for doug, SAT is not one", () => {
    const { players } = summarize(readBytes('macondo/gcg/doug_v_emely_double_challenge.gcg'));
    // doug: 13 plays + the final pass = 14 turns; emely: 13 plays (TIL.. withdrawn among them).
    expect(players.map((p) => [p.points, p.statedScore, p.bingos, p.turns])).toEqual([
      [451, 451, 2, 14],
      [345, 345, 0, 13],
    ]);
  });
});

describe('a game score progression', () => {
  it('lists every event with its move, stated and recomputed points and both running totals', () => {
    const rows = summarize(SMALL_GAME).progression.map((r) => [r.number, r.side, r.move, r.statedPoints, r.points, r.statedTotal, r.total]);
    expect(rows).toEqual([
      [1, 1, '8D RETAINS', 66, 66, 66, 66],
      [2, 2, 'G7 Z.', 22, 21, 22, 21],
      [3, 1, 'J8 .DE', 6, 6, 72, 72],
      [4, 1, '--', -6, -6, 66, 66],
      [5, 2, '-DGW', 0, 0, 22, 21],
      [6, 1, '-', 0, 0, 66, 66],
      [7, 2, 'E8 .X', 9, 9, 31, 30],
      [8, 2, '(challenge)', 5, 5, 36, 35],
      [9, 1, 'J8 .ALE', 6, 6, 72, 72],
      [10, 1, '(OORW)', 14, 14, 86, 86],
    ]);
  });

  it('marks the turns, the bingo and the file lines', () => {
    const p = summarize(SMALL_GAME).progression;
    expect(p.filter((r) => r.turn).map((r) => r.number)).toEqual([1, 2, 3, 5, 6, 7, 9]);
    expect(p.filter((r) => r.bingo).map((r) => r.move)).toEqual(['8D RETAINS']);
    expect(p[0].line).toBe(5);
    expect(p[9].kind).toBe('endRackPoints');
  });

  it('writes each kind of move as GCG does', () => {
    const game = unwrap(parseGcg('#player1 a A\n#player2 b B\n>a: QZ (time) -10 -10\n>b: ABC -3 +0 0\n>a: QZ (QZ) -20 -30\n'));
    expect(game.events.map(gcgMoveOf)).toEqual(['(time)', '-3', '(QZ)']);
  });
});

describe('what the file says of its program and rules', () => {
  it('takes the program from "#description Created with ..."', () => {
    expect(gcgSourceProgram(unwrap(parseGcg(SMALL_GAME)))).toBe('Macondo');
    expect(gcgSourceProgram(unwrap(parseGcg('#player1 a A\n#player2 b B\n#description club final\n')))).toBeUndefined();
  });

  it("joins the lexicon and Woogles' variant note", () => {
    const game = unwrap(parseGcg('#player1 a A\n#player2 b B\n#lexicon CSW24\n#note Variant: classic\n#note BoardLayout: CrosswordGame\n'));
    expect(gcgRuleset(game, { lexicon: 'CSW24' })).toBe('CSW24, classic');
    expect(gcgRuleset(unwrap(parseGcg('#player1 a A\n#player2 b B\n')), {})).toBe('');
  });
});
