import {
  CROSSWORD_GAME,
  DISTRIBUTIONS,
  GameReplay,
  boardRows,
  importCrossword,
  parseCgp,
  parseGcg,
  positionKey,
  printCgp,
  rackStrings,
  replayGcg,
  scorePlay,
  tilesOnBoard,
  unseenTileCount,
} from '../../../src/codecs/crossword';
import { unwrap } from '../../../src/codecs/result';
import { GCG_FILES, readBytes } from './fixtures';

const replayFile = (rel: string): GameReplay => unwrap(replayGcg(unwrap(parseGcg(readBytes(rel)))));
const replayText = (text: string): GameReplay => unwrap(replayGcg(unwrap(parseGcg(text))));
const HEAD = '#player1 a Ann\n#player2 b Bob\n';

describe('replaying the sample GCG files', () => {
  const finals: Record<string, [string, number, number]> = {
    'macondo/gcg/doug_v_emely_double_challenge.gcg': ['english', 451, 345],
    'macondo/gcg/incomplete.gcg': ['english', 336, 298],
    'macondo/gcg/name_iso8859-1.gcg': ['english', 32, 16],
    'macondo/gcg/polish_endgame.gcg': ['polish', 316, 323],
    'macondo/gcg/utf8_dos.gcg': ['english', 375, 488],
    'macondo/gcg/vs_frentz.gcg': ['english', 439, 550],
    'liwords/many_challenges.gcg': ['english', 373, 477],
  };

  for (const file of GCG_FILES) {
    it(`${file}: every stated score agrees with the score recomputed from the board`, () => {
      const r = replayFile(file);
      for (const w of r.warnings) console.warn(`${file}:${w.line}: ${w.code} ${w.message}`);
      expect(r.warnings).toEqual([]);
    });

    it(`${file}: ends with the stated totals, in the ${finals[file][0]} distribution`, () => {
      const r = replayFile(file);
      expect([r.distribution.name, ...r.finalScores]).toEqual(finals[file]);
    });

    it(`${file}: yields one valid position per event, each printing to CGP that parses back`, () => {
      const r = replayFile(file);
      const g = unwrap(parseGcg(readBytes(file)));
      expect(r.turns).toHaveLength(g.events.length);
      for (const t of r.turns) {
        const again = unwrap(parseCgp(printCgp(t.position)));
        expect(printCgp(again)).toBe(printCgp(t.position));
        expect(positionKey(again)).toBe(positionKey(t.position));
      }
    });
  }

  it('recomputes the bingo CRAAlED (blank l) at 8D as 74 including the 50-point bonus', () => {
    const r = replayFile('macondo/gcg/vs_frentz.gcg');
    expect(r.turns[0]).toMatchObject({ line: 3, computedScore: 74, player: 0 });
    expect(boardRows(r.turns[0].position)[7]).toBe('...CRAAlED.....');
  });

  it('gives the position after the first play of vs_frentz with the next rack to move and the scores in turn order', () => {
    const p = replayFile('macondo/gcg/vs_frentz.gcg').turns[0].position;
    expect(rackStrings(p)).toEqual(['DEENOSW', '']);
    expect(p.scores).toEqual([0, 74]);
    expect(unseenTileCount(p)).toBe(100 - 7 - 7);
    expect(printCgp(p)).toBe('15/15/15/15/15/15/15/3CRAAlED5/15/15/15/15/15/15/15 DEENOSW/ 0/74 0 ld english; lm 8D.CRAAlED;');
  });

  it('takes a withdrawn phony off the board and counts a zero-point turn', () => {
    const r = replayFile('macondo/gcg/doug_v_emely_double_challenge.gcg');
    const [play, withdrawal] = [r.turns[5], r.turns[6]];
    expect(tilesOnBoard(withdrawal.position)).toBe(tilesOnBoard(play.position) - 3);
    expect(withdrawal.computedScore).toBe(-24);
    expect(withdrawal.position.consecutiveZeros).toBe(1);
    expect(withdrawal.position.options.lastMove).toMatchObject({ kind: 'phony' });
  });

  it('checks end-rack points as twice the face value of the rack', () => {
    const r = replayFile('macondo/gcg/doug_v_emely_double_challenge.gcg');
    expect(r.turns.at(-1)).toMatchObject({ computedScore: 14, line: 31 });
  });

  it('gives the player to move the rack shown in the opponent end-rack event when no turn follows', () => {
    const r = replayFile('macondo/gcg/doug_v_emely_double_challenge.gcg');
    expect(rackStrings(r.turns.at(-1)!.position)[0]).toBe('OPEG');
  });

  it('reads the ISO-8859-1 game through the importer', () => {
    const out = unwrap(importCrossword('GCG', readBytes('macondo/gcg/name_iso8859-1.gcg')));
    expect(out.format === 'GCG' && out.replay.turns.map((t) => t.computedScore)).toEqual([32, 16]);
  });
});

describe('score checks', () => {
  it('warns with the line number when a stated score is wrong', () => {
    const r = replayText(`${HEAD}>a: ABC 8H CAB +15 15\n`);
    expect(r.warnings).toEqual([
      { line: 3, code: 'SCORE_MISMATCH', message: '8H CAB scores 14, the file says 15', computed: 14, stated: 15 },
    ]);
  });

  it('warns when a cumulative total does not add up', () => {
    const r = replayText(`${HEAD}>a: ABC 8H CAB +14 14\n>b: DEF - +0 0\n>a: XYZ - +0 15\n`);
    expect(r.warnings).toMatchObject([{ line: 5, code: 'CUMULATIVE_MISMATCH', computed: 14, stated: 15 }]);
  });

  it('warns when a play uses tiles that are not on the rack', () => {
    expect(replayText(`${HEAD}>a: XYZ 8H CAB +14 14\n`).warnings).toMatchObject([{ line: 3, code: 'RACK_MISMATCH' }]);
  });

  it("treats Woogles' UNKNOWN rack as unknown: no rack check, no rack for the player to move", () => {
    const r = replayText(`${HEAD}>a: ABC 8H CAB +14 14\n>b: UNKNOWN 9I AX +24 24\n>a: UNKNOWN - +0 14\n`);
    expect(r.warnings).toEqual([]);
    expect(r.turns.map((t) => rackStrings(t.position)[0])).toEqual(['', '', '']);
    expect(r.finalScores).toEqual([14, 24]);
  });

  it('replays many_challenges.gcg without reading its UNKNOWN rack as tiles', () => {
    const g = unwrap(parseGcg(readBytes('liwords/many_challenges.gcg')));
    const r = unwrap(replayGcg(g));
    const k = g.events.findIndex((e) => e.rackUnknown);
    expect(g.events[k]).toMatchObject({ nick: 'jvc', kind: 'challenge', rack: '' });
    expect(r.turns[k]).toMatchObject({ line: 40, player: 1, position: { scores: [347, 477] } });
    expect(r.warnings).toEqual([]);
  });

  it('rejects a play over a different tile with PLAY_TILE_CONFLICT and the line', () => {
    const r = replayGcg(unwrap(parseGcg(`${HEAD}>a: ABC 8H CAB +14 14\n>b: DEF 8H DEF +0 0\n`)));
    expect(r).toMatchObject({ ok: false, error: { code: 'PLAY_TILE_CONFLICT', line: 4 } });
  });

  it('rejects a "." over an empty square with PLAY_THROUGH_EMPTY_SQUARE', () => {
    const r = replayGcg(unwrap(parseGcg(`${HEAD}>a: ABC 8H .AB +5 5\n`)));
    expect(r).toMatchObject({ ok: false, error: { code: 'PLAY_THROUGH_EMPTY_SQUARE', line: 3 } });
  });

  it('rejects a position off the board with GCG_BAD_POSITION', () => {
    const r = replayGcg(unwrap(parseGcg(`${HEAD}>a: ABC 16H CAB +5 5\n`)));
    expect(r).toMatchObject({ ok: false, error: { code: 'GCG_BAD_POSITION', line: 3 } });
  });
});

describe('scorePlay', () => {
  const english = DISTRIBUTIONS.english;
  const board = (): Uint8Array => new Uint8Array(225);
  const codes = (s: string): number[] => [...s].map((c) => (c === '.' ? 0 : english.tiles.findIndex((t) => t.name === c)));

  it('doubles a word over the centre square', () => {
    expect(unwrap(scorePlay(board(), CROSSWORD_GAME, english, { row: 7, col: 7, vertical: false }, codes('CAT'))).score).toBe(10);
  });

  it('scores cross words and applies premiums only under new tiles', () => {
    const b = board();
    const first = unwrap(scorePlay(b, CROSSWORD_GAME, english, { row: 7, col: 7, vertical: false }, codes('CAT')));
    first.placed.forEach((sq, k) => (b[sq] = first.tiles[k]));
    // "AS" down from 8I: A played through, S new on the double-letter square 9I → 1 + 1×2 = 3.
    expect(unwrap(scorePlay(b, CROSSWORD_GAME, english, { row: 7, col: 8, vertical: true }, codes('.S'))).score).toBe(3);
    // Hook: S on the plain square 8K makes CATS across = 3+1+1+1 = 6 (the one-letter main word does not count).
    expect(unwrap(scorePlay(b, CROSSWORD_GAME, english, { row: 7, col: 10, vertical: true }, codes('S'))).score).toBe(6);
  });

  it('adds the bingo bonus when seven tiles are placed', () => {
    const s = unwrap(scorePlay(board(), CROSSWORD_GAME, english, { row: 7, col: 1, vertical: false }, codes('RETAINS')));
    // R E T A I N S from 8B: DL at 8D (T = 2) and DW at 8H (S); (1+1+2+1+1+1+1) * 2 + 50 = 66
    expect(s.score).toBe(66);
  });

  it('gives a blank no points', () => {
    const s = unwrap(scorePlay(board(), CROSSWORD_GAME, english, { row: 7, col: 7, vertical: false }, [3 | 0x80, 1, 20]));
    expect(s.score).toBe(4);
  });
});
