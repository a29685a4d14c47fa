import { PgnGame, parseEvals, parsePgnGame, replayGame } from '../../../src/codecs/chess';

const game = (text: string): PgnGame => {
  const r = parsePgnGame(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('replay', () => {
  const g = game('1. e4 {[%eval 0.24]} e5 (1... c5 {[%eval #-3]} 2. Nf3 (2. c3 d5)) 2. Nf3 *');
  const r = replayGame(g);
  if (!r.ok) throw new Error(r.error.message);
  const rows = r.value.positions.map((p) => [JSON.stringify(p.path), p.index, p.ply, p.san, p.turn]);

  it('lists every move of the main line and variations in tree order with its path', () => {
    expect(rows).toEqual([
      ['[]', 0, 1, 'e4', 'b'],
      ['[]', 1, 2, 'e5', 'w'],
      ['[1,0]', 0, 2, 'c5', 'w'],
      ['[1,0]', 1, 3, 'Nf3', 'b'],
      ['[1,0,1,0]', 0, 3, 'c3', 'b'],
      ['[1,0,1,0]', 1, 4, 'd5', 'w'],
      ['[]', 2, 3, 'Nf3', 'b'],
    ]);
  });

  it('gives the FEN and Polyglot key of the position reached', () => {
    expect(r.value.start.key).toBe('463b96181691fc9c');
    expect(r.value.positions[0].fen).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    expect(r.value.positions[0].key).toBe('823c9b50fd114196');
    expect(r.value.positions[0].uci).toBe('e2e4');
  });

  it('reaches the same key by transposition in different lines', () => {
    const t = replayGame(game('1. Nf3 Nf6 2. Nc3 (2. Ng1 Ng8 3. Nf3 Nf6 4. Nc3) *'));
    if (!t.ok) throw new Error('replay');
    const keys = t.value.positions.map((p) => p.key);
    expect(keys[7]).toBe(keys[2]);
    expect(t.value.positions[7].fen.split(' ').slice(0, 4)).toEqual(t.value.positions[2].fen.split(' ').slice(0, 4));
  });

  it('extracts [%eval] scores from comments', () => {
    expect(r.value.positions[0].evals).toEqual([{ cp: 24, source: 'eval' }]);
    expect(r.value.positions[2].evals).toEqual([{ mate: -3, source: 'eval' }]);
  });

  it('reads eval depth and engine-style scores from the mover\'s view', () => {
    expect(parseEvals('[%eval -1.5,22] [%clk 0:01:00]', true)).toEqual([{ cp: -150, depth: 22, source: 'eval' }]);
    expect(parseEvals('+0.13/12 0.29s', false)).toEqual([{ cp: -13, depth: 12, source: 'engine' }]);
    expect(parseEvals('-M5/20', true)).toEqual([{ mate: -5, depth: 20, source: 'engine' }]);
    expect(parseEvals('just words', true)).toEqual([]);
  });

  it('keeps going after an illegal move from the same position', () => {
    const b = replayGame(game('1. e4 Ke2 e5 2. Nf3 *'));
    expect(b.ok && b.value.errors.map((e) => [e.token, e.kind, e.code, e.index])).toEqual([['Ke2', 'illegal', 'ERR_SAN_ILLEGAL', 1]]);
    expect(b.ok && b.value.positions.map((p) => p.san)).toEqual(['e4', 'e5', 'Nf3']);
  });

  it('fails on a bad start FEN', () => {
    const b = replayGame(game('[FEN "8/8/8 w - - 0 1"]\n\n*'));
    expect(!b.ok && b.error.code).toBe('ERR_FEN_BOARD');
  });

  it('can write GameText in the same walk', () => {
    const b = replayGame(game('1. e4 e5 *'), { gameText: { layout: 'split' } });
    expect(b.ok && Buffer.from(b.value.gameText?.bytes ?? []).toString('hex')).toBe('1313d3ff');
  });
});
