/**
 * Each codec module exports its error codes as an `as const` list; these are the parsers that
 * resolvers used to check by hand, and the list membership they now ask instead of a prefix.
 */
import { FEN_ERRORS, isFenError, parseFen, parsePolyglotKeyHex } from '../../src/codecs/chess';
import { BOARD_ERRORS, HASH_ERRORS, parseHashOrKeyHex, squareBoardSize } from '../../src/codecs/go';

describe('codec error lists', () => {
  test('a FEN with three fields fails with ERR_FEN_FIELDS, a member of FEN_ERRORS', () => {
    const parsed = parseFen('8/8/8 w -');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.code).toBe('ERR_FEN_FIELDS');
    expect(FEN_ERRORS).toContain(parsed.error.code);
    expect(isFenError(parsed.error.code)).toBe(true);
  });

  test('isFenError is false for a SAN code', () => {
    expect(isFenError('ERR_SAN_SYNTAX')).toBe(false);
  });

  test('a Polyglot key is read trimmed and lower-cased', () => {
    expect(parsePolyglotKeyHex(' 463B96181691FC9C ')).toEqual({ ok: true, value: '463b96181691fc9c' });
  });

  test('a Polyglot key of 15 digits fails with ERR_POLYGLOT_KEY', () => {
    const parsed = parsePolyglotKeyHex('463b96181691fc9');
    expect(parsed.ok || parsed.error.code).toBe('ERR_POLYGLOT_KEY');
  });

  test('a Go board of 81 points is 9 lines square', () => {
    expect(squareBoardSize('.'.repeat(81))).toEqual({ ok: true, value: 9 });
  });

  test('a Go board of 80 points fails with ERR_GO_BOARD_LENGTH at offset 80', () => {
    const parsed = squareBoardSize('.'.repeat(80));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error).toMatchObject({ code: 'ERR_GO_BOARD_LENGTH', offset: 80 });
    expect(BOARD_ERRORS).toContain(parsed.error.code);
  });

  test('a Go hash argument takes 16 hex digits or a 20-digit stored key', () => {
    expect(parseHashOrKeyHex('0EA5AA268AB6478C')).toEqual({ ok: true, value: '0ea5aa268ab6478c' });
    expect(parseHashOrKeyHex('0ea5aa268ab6478c0057')).toEqual({ ok: true, value: '0ea5aa268ab6478c0057' });
  });

  test('a Go hash of 17 digits fails with ERR_GO_HASH_HEX', () => {
    const parsed = parseHashOrKeyHex('0ea5aa268ab6478c0');
    expect(parsed.ok || parsed.error.code).toBe('ERR_GO_HASH_HEX');
    expect(HASH_ERRORS).toEqual(['ERR_GO_HASH_HEX']);
  });
});
