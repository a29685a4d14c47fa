import { jsonString } from '../../src/codecs/jsonText';

describe('jsonString', () => {
  it('writes a string that needs no escaping between quotes, as JSON.stringify does', () => {
    for (const text of ['', 'GO', '0000002ce2e031790057', '.....O#..', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'é ü ß', '名人', '/', "it's", '\u007f', '\u2028']) {
      expect(jsonString(text)).toBe(JSON.stringify(text));
    }
  });

  it('escapes quotes, backslashes, control characters and lone surrogates as JSON.stringify does', () => {
    for (const text of ['"', 'a"b', '\\', 'a\\b', '\n', '\r\t\b\f', '\u0000', '\u0001x', '\u001f', '\ud83d\ude00', '\ud83d', 'x\ude00', '\ude00\ud83d']) {
      expect(jsonString(text)).toBe(JSON.stringify(text));
    }
  });

  it('gives JSON.stringify\'s text for every single code unit', () => {
    for (let unit = 0; unit < 0x10000; unit++) {
      const text = `a${String.fromCharCode(unit)}b`;
      if (jsonString(text) !== JSON.stringify(text)) throw new Error(`differs at U+${unit.toString(16)}`);
    }
  });
});
