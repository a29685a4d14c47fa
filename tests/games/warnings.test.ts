/**
 * Warning codes: each reader module's list, the builder that only takes a listed code, and
 * docs/API.md naming every listed code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BACKGAMMON_SGF_WARNINGS } from '../../src/games/backgammon/sgf';
import { MAT_WARNINGS } from '../../src/games/backgammon/mat';
import { CHESS_WARNINGS } from '../../src/games/chess/formats';
import { CROSSWORD_WARNINGS } from '../../src/games/crossword/formats';
import { GO_FILE_WARNINGS } from '../../src/games/go/files';
import { importWarnings } from '../../src/games/warnings';
import { IMPORT_WARNINGS } from '../../src/storage/warningList';

const LISTS = { IMPORT_WARNINGS, CHESS_WARNINGS, BACKGAMMON_SGF_WARNINGS, MAT_WARNINGS, GO_FILE_WARNINGS, CROSSWORD_WARNINGS };

describe('import warning codes', () => {
  it('builds a warning with a listed code, its message and its place', () => {
    const warning = importWarnings(['CHESS_EXAMPLE'] as const);
    expect(warning('CHESS_EXAMPLE', 'a message', { gameIndex: 2, line: 7 })).toEqual({ code: 'CHESS_EXAMPLE', message: 'a message', gameIndex: 2, line: 7 });
  });

  it('does not compile a code outside the list', () => {
    const warning = importWarnings(['CHESS_EXAMPLE'] as const);
    // @ts-expect-error 'CHESS_OTHER' is not in the list.
    expect(warning('CHESS_OTHER', 'm').code).toBe('CHESS_OTHER');
  });

  it('keeps the codes clients already rely on', () => {
    expect([...CHESS_WARNINGS]).toEqual(['ERR_CHESS_MORE_MOVE_ERRORS', 'CHESS_VARIANT_NOT_INDEXED']);
    expect([...MAT_WARNINGS]).toEqual(['WARN_MAT_LATIN1', 'WARN_MAT', 'WARN_BG_REPLAY']);
    expect([...BACKGAMMON_SGF_WARNINGS]).toEqual(['WARN_BG_SGF', 'WARN_BG_REPLAY']);
    expect([...GO_FILE_WARNINGS]).toEqual(['GO_RECORDS_READ', 'GO_HASH_AGREEMENT']);
    expect([...CROSSWORD_WARNINGS]).toEqual(['SCORE_MISMATCH', 'CUMULATIVE_MISMATCH', 'RACK_MISMATCH', 'RACK_NOT_IN_BAG']);
    expect([...IMPORT_WARNINGS]).toEqual(['IMPORT_MORE_WARNINGS', 'TEXT_TRUNCATED']);
  });

  it('has docs/API.md name every list and every code in it', () => {
    const api = fs.readFileSync(path.join(__dirname, '../../docs/API.md'), 'utf8');
    for (const [name, codes] of Object.entries(LISTS)) {
      expect(api).toContain(`\`${name}\``);
      for (const code of codes) expect(api).toContain(`\`${code}\``);
    }
  });
});
