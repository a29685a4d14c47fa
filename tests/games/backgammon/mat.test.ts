/**
 * Jellyfish .mat backgammon storage: import through the MAT reader (one game per
 * ` Game k`, the same positions as the SGF of the same match), export as MAT and
 * as SGF, errors naming line and column with nothing stored, and the SGF reader's
 * hint for a .mat file, on PGlite and (when configured) PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseBackgammonSgf, replayGame, replayGames } from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';
import type { Database } from '../../../src/db/database';
import type { Game } from '../../../src/generated/prisma/client';
import { readerFor, writerFor } from '../../../src/games/index';
import { ImportFailure } from '../../../src/games/importFailure';
import { bytesSource, runImport } from '../../../src/storage/importService';
import { describeEachDatabase } from '../../support/databases';
import { indexedOccurrences, pliesOfGameIds, storedPlies } from '../../support/plies';
import { samplePath } from '../../support/sampleData';
import { writtenText } from '../../support/written';

const DATA_DIR = samplePath('backgammon');
const CHARLOT = 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305';
const sample = (name: string): string => fs.readFileSync(path.join(DATA_DIR, name), 'utf8');

const importAs = (db: Database, format: 'MAT' | 'SGF', text: string) => runImport(db, readerFor(format)!, bytesSource(Buffer.from(text, 'utf8')));
const writeMat = (game: Game): string => writtenText(writerFor('BACKGAMMON', 'MAT')!(game));
const writeSgf = (game: Game): string => writtenText(writerFor('BACKGAMMON', 'SGF')!(game));

const gamesOf = (db: Database, ids: bigint[]): Promise<Game[]> =>
  db.prisma.game.findMany({ where: { id: { in: ids } }, orderBy: { indexInFile: 'asc' } });

const keysOf = async (db: Database, game: Game): Promise<string[]> =>
  (await pliesOfGameIds(db, [game.id]))
    .filter((o) => o.variation === '')
    .sort((a, b) => a.ply - b.ply)
    .map((o) => o.key);

/** The failure an import throws (and that it throws one). */
const failureOf = async (db: Database, format: 'MAT' | 'SGF', text: string) => {
  const error = await importAs(db, format, text).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFailure);
  return (error as ImportFailure).error;
};

const counts = async (db: Database) => ({
  imports: await db.prisma.import.count(),
  games: await db.prisma.game.count(),
  plies: (await storedPlies(db)).length,
  blocks: await db.prisma.positionBlock.count(),
  runs: await db.prisma.positionRun.count(),
});

describeEachDatabase('MAT backgammon storage', (getDb) => {
  let charlot: Awaited<ReturnType<typeof importAs>>;

  beforeAll(async () => {
    charlot = await importAs(getDb(), 'MAT', sample(`${CHARLOT}.mat`));
  });

  it('stores the 4 games of the charlot .mat with players, match length, results and date', async () => {
    expect(charlot).toMatchObject({ format: 'MAT', alreadyImported: false, gameCount: 4, warnings: [] });
    const games = await gamesOf(getDb(), charlot.gameIds);
    expect(games.map((g) => [g.kind, g.sourceFormat, g.player1, g.player2, g.matchLength, g.gameNumber, g.result, g.dateText])).toEqual([
      ['BACKGAMMON', 'MAT', 'charlot1', 'charlot2', 7, 1, 'B+2R', '2025.11.08'],
      ['BACKGAMMON', 'MAT', 'charlot1', 'charlot2', 7, 2, 'W+2', '2025.11.08'],
      ['BACKGAMMON', 'MAT', 'charlot1', 'charlot2', 7, 3, 'W+4', '2025.11.08'],
      ['BACKGAMMON', 'MAT', 'charlot1', 'charlot2', 7, 4, 'W+3R', '2025.11.08'],
    ]);
    expect(games.map((g) => g.playedOn?.toISOString().slice(0, 10))).toEqual(Array(4).fill('2025-11-08'));
    expect(games[3].metadata).toMatchObject({ startScore: [6, 2], RU: 'Crawford:CrawfordGame', rules: { crawfordGame: true } });
  });

  it('stores the positions the SGF of the same match replays to, ply by ply', async () => {
    const replays = unwrap(replayGames(unwrap(parseBackgammonSgf(sample(`${CHARLOT}.sgf`))).games));
    const games = await gamesOf(getDb(), charlot.gameIds);
    for (let g = 0; g < games.length; g++) {
      const keys = await keysOf(getDb(), games[g]);
      expect(keys).toEqual(replays[g].plies.map((p) => p.key));
      // And the index finds each of them.
      for (const key of keys) expect(await indexedOccurrences(getDb(), 'BACKGAMMON', key)).toBeGreaterThanOrEqual(1);
    }
  });

  it('exports a MAT game as it was read: the file header, then its own section', async () => {
    const [, second] = await gamesOf(getDb(), charlot.gameIds);
    const text = sample(`${CHARLOT}.mat`);
    const header = text.slice(0, text.indexOf(' Game 1\n'));
    const section = text.slice(text.indexOf(' Game 2\n'), text.indexOf(' Game 3\n'));
    expect(writeMat(second)).toBe(header + section);
  });

  it("exports an SGF game as gnubg's export mat writes it, byte for byte", async () => {
    const outcome = await importAs(getDb(), 'SGF', sample('gnubg107_5p_double_dance_resign.sgf'));
    const [game] = await gamesOf(getDb(), outcome.gameIds);
    expect(writeMat(game)).toBe(sample('gnubg107_5p_double_dance_resign.mat'));
  });

  it('exports a MAT game as an SGF game tree that replays to the stored positions', async () => {
    const games = await gamesOf(getDb(), charlot.gameIds);
    for (const game of games) {
      const sgf = unwrap(parseBackgammonSgf(writeSgf(game))).games[0];
      expect(sgf.info.rules.crawfordGame).toBe(game.gameNumber === 4);
      expect(unwrap(replayGame(sgf)).plies.map((p) => p.key)).toEqual(await keysOf(getDb(), game));
    }
  });

  it('refuses to export a game from a set-up position as MAT, naming the node', async () => {
    const outcome = await importAs(getDb(), 'SGF', sample('gnubg107_9p_setup_position.sgf'));
    const [game] = await gamesOf(getDb(), outcome.gameIds);
    const written = writerFor('BACKGAMMON', 'MAT')!(game);
    expect(written).toMatchObject({ ok: false, error: { cause: 'format', error: { code: 'ERR_MAT_EDITED', record: 0 } } });
    const failure = !written.ok && written.error.cause === 'format' ? written.error.error : undefined;
    expect(failure?.message).toMatch(/node 1 sets up the board or the cube: a \.mat file holds only games played from the start; export it as SGF$/);
  });

  it('warns about games after the match was decided, with their line, and stores the others', async () => {
    const text = `${sample('gnubgparser_gnubg_roll_then_resign_1p.mat')}\n Game 2\n charlot1 : 1                   charlot2 : 0\n  1) 31: 8/5 6/5\n`;
    const outcome = await importAs(getDb(), 'MAT', text);
    expect(outcome.gameCount).toBe(1);
    expect(outcome.warnings).toEqual([expect.objectContaining({ code: 'WARN_MAT', line: 13, message: expect.stringContaining('game 2 starts at 1-0 in a 1-point match') })]);
  });

  describe('refuses bad files, storing nothing', () => {
    it('an illegal play in the third game: the error names its line and column', async () => {
      const before = await counts(getDb());
      const text = sample(`${CHARLOT}.mat`).replace('  3) 32: 6/4* 4/1', '  3) 32: 6/4* 4/3');
      const error = await failureOf(getDb(), 'MAT', text);
      const line = text.slice(0, text.indexOf('  3) 32: 6/4* 4/3')).split('\n').length;
      expect(error).toMatchObject({ code: 'ERR_MAT_ILLEGAL_MOVE', line, column: 6, record: 2 });
      expect(error.message).toMatch(new RegExp(`^line ${line}, column 6: game 3: 32: `));
      expect(await counts(getDb())).toEqual(before);
    });

    it('a text that is no .mat file', async () => {
      const error = await failureOf(getDb(), 'MAT', sample(`${CHARLOT}.sgf`).slice(0, 2000));
      expect(error).toMatchObject({ code: 'ERR_MAT_NO_MATCH' });
    });

    it.each([
      [`${CHARLOT}.mat`, 'a node (";") outside any game tree'],
      ['gibbon_7point.mat', 'unexpected character "7"'],
    ])('%s given to the SGF reader: the error says to use format MAT', async (name, parseError) => {
      const error = await failureOf(getDb(), 'SGF', sample(name));
      expect(error.message).toBe(`${parseError} (this looks like a Jellyfish .mat match file; use format MAT)`);
    });
  });
});
