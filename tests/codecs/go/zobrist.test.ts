import {
  splitmix64,
  parseZobristTable,
  printZobristTable,
  generateZobristTable,
  defaultZobristTable,
  defaultZobristSeed,
  zobristCodeHex,
  hashToHex,
  parseHashHex,
  compareHash64,
} from '../../../src/codecs/go';
import { unwrap } from '../../../src/codecs/result';

const tableText = (rows: number, header = ['8', '3', String(rows)]) =>
  [...header, ...Array.from({ length: rows }, (_, i) => [i * 3, i * 3 + 1, i * 3 + 2].map((v) => v.toString(16).padStart(16, '0')).join(','))].join('\n') + '\n';

describe('splitmix64', () => {
  it('produces the reference outputs for seed 0', () => {
    const next = splitmix64(0n);
    const a = next();
    const b = next();
    expect(hashToHex(a.hi, a.lo)).toBe('e220a8397b1dcdaf');
    expect(hashToHex(b.hi, b.lo)).toBe('6e789e6aa1b965f4');
  });
});

describe('default tables', () => {
  it('seeds the 9x9 table with ASCII "tabula" then width and height bytes', () => {
    expect(defaultZobristSeed(9, 9)).toBe(0x746162756c610909n);
    expect(defaultZobristSeed(19)).toBe(0x746162756c611313n);
  });

  it('is the SplitMix64 stream of that seed, black/white/ko per point', () => {
    const t = defaultZobristTable();
    const next = splitmix64(0x746162756c610909n);
    const first = next();
    const second = next();
    expect(t.points).toBe(81);
    expect(zobristCodeHex(t, 0, 0)).toBe(hashToHex(first.hi, first.lo));
    expect(zobristCodeHex(t, 0, 1)).toBe(hashToHex(second.hi, second.lo));
  });

  it('is the same table every time and differs between sizes', () => {
    expect(printZobristTable(generateZobristTable(81, defaultZobristSeed(9)))).toBe(printZobristTable(defaultZobristTable(9)));
    expect(zobristCodeHex(defaultZobristTable(19), 0, 0)).not.toBe(zobristCodeHex(defaultZobristTable(9), 0, 0));
  });

  it('has 243 distinct non-zero codes on 9x9', () => {
    const t = defaultZobristTable();
    const codes = new Set<string>();
    for (let p = 0; p < 81; p++) for (let c = 0; c < 3; c++) codes.add(zobristCodeHex(t, p, c));
    expect(codes.size).toBe(243);
    expect(codes.has('0000000000000000')).toBe(false);
  });
});

describe('parseZobristTable / printZobristTable', () => {
  it('reads the header 8 / 3 / 81 and 81 rows of black, white, ko codes', () => {
    const t = unwrap(parseZobristTable(tableText(81)));
    expect(t.points).toBe(81);
    expect(zobristCodeHex(t, 0, 0)).toBe('0000000000000000');
    expect(zobristCodeHex(t, 80, 2)).toBe((80 * 3 + 2).toString(16).padStart(16, '0'));
  });

  it('prints the file it read, byte for byte', () => {
    const text = tableText(81);
    expect(printZobristTable(unwrap(parseZobristTable(text)))).toBe(text);
  });

  it('round-trips the default table', () => {
    const text = printZobristTable(defaultZobristTable());
    expect(text.split('\n').slice(0, 3)).toEqual(['8', '3', '81']);
    expect(printZobristTable(unwrap(parseZobristTable(text)))).toBe(text);
  });

  it('accepts CRLF line ends and upper-case hex', () => {
    const t = unwrap(parseZobristTable(tableText(81).toUpperCase().replace(/\n/g, '\r\n')));
    expect(zobristCodeHex(t, 3, 1)).toBe('000000000000000a');
  });

  it('reads tables of other sizes when asked', () => {
    expect(unwrap(parseZobristTable(tableText(361), { points: 361 })).points).toBe(361);
  });

  it.each([
    ['hash bytes other than 8', ['4', '3', '81'], 1],
    ['columns other than 3', ['8', '2', '81'], 2],
    ['rows other than 81', ['8', '3', '80'], 3],
  ])('rejects %s with the header line', (_what, header, line) => {
    const r = parseZobristTable(tableText(81, header));
    expect(r.ok ? null : r.error).toMatchObject({ code: 'ERR_GO_ZOBRIST_HEADER', line });
  });

  it('rejects a bad code with its line number', () => {
    const lines = tableText(81).split('\n');
    lines[10] = lines[10].replace(/^0/, 'g');
    const r = parseZobristTable(lines.join('\n'));
    expect(r.ok ? null : r.error).toMatchObject({ code: 'ERR_GO_ZOBRIST_HEX', line: 11, field: 'black' });
  });

  it('rejects a row without three codes with its line number', () => {
    const lines = tableText(81).split('\n');
    lines[5] = lines[5].split(',').slice(0, 2).join(',');
    const r = parseZobristTable(lines.join('\n'));
    expect(r.ok ? null : r.error).toMatchObject({ code: 'ERR_GO_ZOBRIST_ROW', line: 6 });
  });

  it('rejects a file with missing rows', () => {
    const lines = tableText(81).trimEnd().split('\n').slice(0, 50);
    const r = parseZobristTable(lines.join('\n'));
    expect(r.ok ? null : r.error).toMatchObject({ code: 'ERR_GO_ZOBRIST_ROWS', line: 51 });
  });
});

describe('64-bit hash helpers', () => {
  it('parses and prints 16 hex digits', () => {
    expect(unwrap(parseHashHex('31846CEB8015dc92'))).toEqual({ hi: 0x31846ceb, lo: 0x8015dc92 });
    expect(hashToHex(0x31846ceb, 0x8015dc92)).toBe('31846ceb8015dc92');
  });

  it('rejects a hash that is not 16 hex digits', () => {
    const r = parseHashHex('31846ceb8015dc9');
    expect(r.ok ? null : r.error.code).toBe('ERR_GO_HASH_HEX');
  });

  it('compares unsigned: 0x80... is above 0x7f...', () => {
    expect(compareHash64(0x80000000, 0, 0x7fffffff, 0xffffffff)).toBe(1);
    expect(compareHash64(1, 0xffffffff | 0, 1, 0)).toBe(1);
    expect(compareHash64(5, 5, 5, 5)).toBe(0);
  });
});
