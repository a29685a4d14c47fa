/**
 * `tabula search`: the matching games and the continuations as two tables, the pattern given as
 * JSON or in a file, the export's filter options, and usage errors naming what is wrong. Chess
 * lends a test language (a text in the board's placement; tests/support/patternLanguages.ts) whose
 * answers are counted from the rated fixture by chess.js.
 */
import fs from 'node:fs';
import path from 'node:path';
import { main } from '../../src/cli/main';
import { cliSandbox } from '../support/cli';
import { expectedSearch, lendPatternLanguage, placementLanguage } from '../support/patternLanguages';
import { RATED_PGN, ratedGames } from '../support/ratedGames';

const fixture = ratedGames();
const TEXT = '4P3';

describe('tabula search', () => {
  const cli = cliSandbox('tabula-search-', { migrated: true });
  let restore: () => void;

  beforeAll(async () => {
    restore = lendPatternLanguage('CHESS', placementLanguage());
    const file = path.join(cli.dir, 'rated.pgn');
    fs.writeFileSync(file, RATED_PGN);
    expect(await main(['import', file])).toBe(0);
  });
  afterAll(() => restore());

  it('prints the matching games with their players, date and first matching ply, then the continuations', async () => {
    const expected = expectedSearch(fixture, TEXT);
    expect(await main(['search', '--kind', 'chess', '--pattern', JSON.stringify({ placement: TEXT }), '--first', '3'])).toBe(0);
    const games = expected.matches.slice(0, 3).map(({ index, ply }) => {
      const g = fixture[index];
      // Ids are given in file order from 1 in a new database.
      return [index + 1, g.tags.White, g.tags.Black, g.tags.Date, ply].join('\t');
    });
    const rows = [...expected.continuations.values()];
    expect(cli.logged.slice(0, 6)).toEqual([
      `${expected.matches.length} games match, at ${expected.totalCount.toLocaleString('en-US')} plies in all`,
      'game\tplayer1\tplayer2\tdate\tply',
      ...games,
      `… and ${expected.matches.length - 3} more games (--first N prints more)`,
    ]);
    expect(cli.logged[6]).toBe('continuations (results from the side that played the move)');
    expect(cli.logged[7]).toBe('move\tside\tgames\twins\tdraws\tlosses\tunknown\trating\topponents\tperformance');
    expect(cli.logged.length).toBe(8 + rows.length);
    // Each continuation row: its move and side, and the counts the fixture gives them.
    const printed = cli.logged.slice(8).map((line) => line.split('\t'));
    const want = [...expected.continuations].map(([key, r]) => [key.split(' ')[1], key.split(' ')[0], r.games, r.wins, r.draws, r.losses, r.unknown].join('\t')).sort();
    expect(printed.map((cells) => cells.slice(0, 7).join('\t')).sort()).toEqual(want);
  });

  it('searches only the games that reached --position', async () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -';
    const expected = expectedSearch(fixture, TEXT, (g) => g.fens.includes(fen));
    expect(expected.matches.length).toBeLessThan(expectedSearch(fixture, TEXT).matches.length);
    expect(await main(['search', '--kind', 'chess', '--pattern', JSON.stringify({ placement: TEXT }), '--position', `${fen} 0 1`, '--first', '1000'])).toBe(0);
    expect(cli.logged[0]).toBe(`${expected.matches.length} games match, at ${expected.totalCount.toLocaleString('en-US')} plies in all`);
  });

  it('reads the pattern from a file, and takes the filter options of export', async () => {
    const file = path.join(cli.dir, 'pattern.json');
    fs.writeFileSync(file, JSON.stringify({ placement: TEXT }));
    const expected = expectedSearch(fixture, TEXT, (g) => g.mean !== null && g.mean >= 2200);
    expect(await main(['search', '--kind', 'chess', '--pattern', file, '--min-rating', '2200', '--first', '1000'])).toBe(0);
    expect(cli.logged[0]).toBe(`${expected.matches.length} games match, at ${expected.totalCount.toLocaleString('en-US')} plies in all`);
    expect(cli.logged.slice(2, 2 + expected.matches.length).map((line) => Number(line.split('\t')[0]))).toEqual(expected.matches.map((m) => m.index + 1));
  });

  it('refuses a pattern its language does not read, naming the key, with status 2', async () => {
    expect(await main(['search', '--kind', 'chess', '--pattern', '{"placement": 7}'])).toBe(2);
    expect(cli.errors).toEqual(['error: pattern.placement: must be a non-empty text, got 7\n(see tabula search --help)']);
  });

  it('refuses a pattern that is neither a file nor JSON, and a search without --kind', async () => {
    expect(await main(['search', '--kind', 'chess', '--pattern', 'nowhere.json'])).toBe(2);
    expect(cli.errors[0]).toMatch(/^error: --pattern takes a pattern as JSON or a file holding one; "nowhere\.json" is no file, and no JSON \(/);
    cli.clear();
    expect(await main(['search', '--pattern', '{}'])).toBe(2);
    expect(cli.errors[0]).toMatch(/^error: search needs --kind/);
  });

  it('refuses a kind whose game has no pattern language', async () => {
    const own = lendPatternLanguage('GO', undefined);
    try {
      expect(await main(['search', '--kind', 'go', '--pattern', '{}'])).toBe(2);
      expect(cli.errors[0]).toMatch(/^error: kind: GO games have no pattern language/);
    } finally {
      own();
    }
  });
});
