import { STANDARD_FEN, printSan, parseSan, moveToUci } from '../../../src/codecs/chess';
import { fenPos, uciMove } from './helpers';

describe('SAN', () => {
  const start = fenPos(STANDARD_FEN);

  it.each([
    ['Nf3', 'g1f3'], ['e4', 'e2e4'], ['Ng1f3', 'g1f3'], ['e2e4', 'e2e4'], ['Pe4', 'e2e4'], ['Nf3+!?', 'g1f3'],
  ])('reads %s as %s', (san, uci) => {
    const r = parseSan(start, san);
    expect(r.ok && moveToUci(start, r.value)).toBe(uci);
  });

  it('reads castling written with zeros', () => {
    const pos = fenPos('4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1');
    const r = parseSan(pos, '0-0-0');
    expect(r.ok && moveToUci(pos, r.value)).toBe('e1c1');
  });

  it('reads a promotion with and without =', () => {
    const pos = fenPos('8/P6k/8/8/8/8/8/K7 w - - 0 1');
    const a = parseSan(pos, 'a8=N');
    const b = parseSan(pos, 'a8N');
    expect([a.ok && moveToUci(pos, a.value), b.ok && moveToUci(pos, b.value)]).toEqual(['a7a8n', 'a7a8n']);
  });

  it('writes file, rank or square disambiguation as needed', () => {
    const pos = fenPos('4k3/8/8/8/1N6/8/1N3N2/4K3 w - - 0 1');
    expect(printSan(pos, uciMove(pos, 'f2d3'))).toBe('Nfd3');
    expect(printSan(pos, uciMove(pos, 'b2d3'))).toBe('Nb2d3');
    expect(printSan(pos, uciMove(pos, 'b4d3'))).toBe('N4d3');
  });

  it('does not disambiguate against a pinned piece', () => {
    const pos = fenPos('4k3/8/8/8/8/2N1N3/8/4K3 w - - 0 1');
    expect(printSan(pos, uciMove(pos, 'c3d5'))).toBe('Ncd5');
    const pinned = fenPos('4k3/4r3/8/8/8/2N1N3/8/4K3 w - - 0 1');
    expect(printSan(pinned, uciMove(pinned, 'c3d5'))).toBe('Nd5');
  });

  it('marks check and mate', () => {
    const pos = fenPos('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
    expect(printSan(pos, uciMove(pos, 'a1a8'))).toBe('Ra8#');
    expect(printSan(pos, uciMove(pos, 'a1a7'))).toBe('Ra7');
  });

  it.each([
    ['Nf4', 'ERR_SAN_ILLEGAL'], ['Zz9', 'ERR_SAN_SYNTAX'], ['O-O', 'ERR_SAN_ILLEGAL'], ['e8', 'ERR_SAN_ILLEGAL'],
  ])('rejects %s with %s', (san, code) => {
    const r = parseSan(start, san);
    expect(!r.ok && r.error.code).toBe(code);
  });

  it('reports an ambiguous move', () => {
    const pos = fenPos('4k3/8/8/8/8/2N1N3/8/4K3 w - - 0 1');
    const r = parseSan(pos, 'Nd5');
    expect(!r.ok && r.error.code).toBe('ERR_SAN_AMBIGUOUS');
  });
});
