/**
 * SGF backgammon storage: import through the SGF reader and the bulk writer,
 * export through the SGF writer, on PGlite and (when configured) PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseBackgammonSgf, replayGames } from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';
import { parseSgf, stripOffsets } from '../../../src/codecs/sgf';
import type { Database } from '../../../src/db/database';
import type { Game } from '../../../src/generated/prisma/client';
import { readerFor, writerFor } from '../../../src/games/index';
import { bytesSource, runImport } from '../../../src/storage/importService';
import { ImportFailure } from '../../../src/games/importFailure';
import { describeEachDatabase } from '../../support/databases';
import { indexedOccurrences, pliesOfGameIds, storedPlies } from '../../support/plies';
import { samplePath } from '../../support/sampleData';
import { writtenText } from '../../support/written';

const DATA_DIR = samplePath('backgammon');
const CHARLOT = 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf';
const SAMPLES = fs.readdirSync(DATA_DIR).filter((f) => f.endsWith('.sgf')).sort();
const sample = (name: string): string => fs.readFileSync(path.join(DATA_DIR, name), 'utf8');

const reader = readerFor('SGF')!;
const writeSgf = (game: Game): string => writtenText(writerFor('BACKGAMMON', 'SGF')!(game));

const importText = (db: Database, text: string) => runImport(db, reader, bytesSource(Buffer.from(text, 'utf8')));

/** The failure an import throws (and that it throws one). */
const failureOf = async (db: Database, text: string) => {
  const error = await importText(db, text).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFailure);
  return (error as ImportFailure).error;
};

const gamesOf = (db: Database, ids: bigint[]): Promise<Game[]> =>
  db.prisma.game.findMany({ where: { id: { in: ids } }, orderBy: { indexInFile: 'asc' } });

/** The trees of an SGF text without offsets, for comparing content. */
const treesOf = (text: string) => stripOffsets(unwrap(parseSgf(text)));

const counts = async (db: Database) => ({
  imports: await db.prisma.import.count(),
  games: await db.prisma.game.count(),
  positions: await db.prisma.position.count(),
  plies: (await storedPlies(db)).length,
  blocks: await db.prisma.positionBlock.count(),
  runs: await db.prisma.positionRun.count(),
  scores: await db.prisma.score.count(),
});

describeEachDatabase('SGF backgammon storage', (getDb) => {
  let charlot: Awaited<ReturnType<typeof importText>>;

  beforeAll(async () => {
    charlot = await importText(getDb(), sample(CHARLOT));
  });

  it('stores the 4 games of the charlot match with their metadata', async () => {
    expect(charlot).toMatchObject({ format: 'SGF', alreadyImported: false, gameCount: 4 });
    const games = await gamesOf(getDb(), charlot.gameIds);
    expect(games.map((g) => [g.kind, g.sourceFormat, g.player1, g.player2, g.matchLength, g.gameNumber, g.result, g.dateText])).toEqual([
      ['BACKGAMMON', 'SGF', 'charlot1', 'charlot2', 7, 1, 'B+2R', '2025-11-08'],
      ['BACKGAMMON', 'SGF', 'charlot1', 'charlot2', 7, 2, 'W+2', '2025-11-08'],
      ['BACKGAMMON', 'SGF', 'charlot1', 'charlot2', 7, 3, 'W+4', '2025-11-08'],
      ['BACKGAMMON', 'SGF', 'charlot1', 'charlot2', 7, 4, 'W+3R', '2025-11-08'],
    ]);
    expect(games[0].playedOn?.toISOString().slice(0, 10)).toBe('2025-11-08');
    expect(games[1].metadata).toMatchObject({
      startScore: [0, 2],
      RU: 'Crawford',
      application: 'GNU Backgammon:1.08.003',
      result: { winner: 0, points: 2, resigned: false },
      dateFromMatch: true,
    });
    expect(games[0].metadata).not.toHaveProperty('dateFromMatch');
  });

  it('stores one position per ply, keyed as the codec replay keys them, plies 0..n', async () => {
    const db = getDb();
    const replays = unwrap(replayGames(unwrap(parseBackgammonSgf(sample(CHARLOT))).games));
    const games = await gamesOf(db, charlot.gameIds);
    for (let g = 0; g < games.length; g++) {
      const line = (await pliesOfGameIds(db, [games[g].id])).filter((o) => o.variation === '').sort((a, b) => a.ply - b.ply);
      expect(line.map((o) => o.ply)).toEqual(replays[g].plies.map((_, i) => i));
      expect(line.map((o) => o.key)).toEqual(replays[g].plies.map((p) => p.key));
      expect(line.map((o) => o.position.groupKey)).toEqual(replays[g].plies.map((p) => p.positionId));
      expect(line.slice(1).map((o) => o.move)).toEqual(replays[g].plies.slice(1).map((p) => p.move));
      expect(line[0].move).toBeNull();
      expect(line[0].nextMove).toBe(line[1].move);
      // Every position of the game is findable by its key and by its Position ID (the group key).
      for (const o of line) {
        expect(await indexedOccurrences(db, 'BACKGAMMON', o.key)).toBeGreaterThanOrEqual(1);
        expect(await indexedOccurrences(db, 'BACKGAMMON', o.position.groupKey!)).toBeGreaterThanOrEqual(1);
      }
    }
    // Game 1 starts at 0-0 with Black (player 1) on roll: 41 played as 13/9 24/23.
    const [first] = await pliesOfGameIds(db, [games[0].id]);
    expect(first.ply).toBe(0);
    expect(first.position).toMatchObject({ key: '4HPwATDgc/ABMA:cAngAAAAAAAE', sideToMove: '1', board: '4HPwATDgc/ABMA:cAngAAAAAAAE' });
    expect(first.position.data).toMatchObject({ pipCounts: [167, 167], borneOff: [0, 0], score: [0, 0], matchLength: 7 });
    expect(first.nextMove).toBe('41: 13/9 24/23');
    // It is scored (gnubg analysis), so it is also a stored Position row with the same board and data.
    const stored = await db.prisma.position.findUniqueOrThrow({ where: { kind_key: { kind: 'BACKGAMMON', key: first.key } } });
    expect(stored).toMatchObject({ sideToMove: '1', board: '4HPwATDgc/ABMA:cAngAAAAAAAE', groupKey: first.position.groupKey });
    expect(stored.data).toMatchObject({ pipCounts: [167, 167], borneOff: [0, 0], score: [0, 0], matchLength: 7 });
    // The last game ends resigned at 3-7 + 3 points.
    const last = replays[3].plies[replays[3].plies.length - 1];
    expect(last).toMatchObject({ kind: 'resign', key: 'BwAAgN0sAOwAAA:8GvgAJAAEAAE' });
  });

  it('stores gnubg analysis as scores: equity of the decision played and of the best one', async () => {
    const db = getDb();
    const scoresAt = (key: string) =>
      db.prisma.score.findMany({ where: { position: { kind: 'BACKGAMMON', key } }, orderBy: { ruleset: 'asc' } });
    // Black's opening 41 (13/9 24/23) = gnubg's first choice, -0.004723 at 2-ply cubeful.
    expect(await scoresAt('4HPwATDgc/ABMA:cAngAAAAAAAE')).toMatchObject([
      { program: 'gnubg', ruleset: 'checker:2C 0 1 0.000000 1', value: -0.004723, bestValue: -0.004723, details: { kind: 'checker', decision: 'lpab', error: 0, unit: 'equity', player: 1 } },
    ]);
    // White's reply position: a no-double (MWC 0.500296 vs 0.478995 for double/take) and the checker play 31 6/5 8/5 (0.088224).
    expect(await scoresAt('4HPhASjgc/ABMA:MAHgAAAAAAAE')).toMatchObject([
      { ruleset: 'checker:0C 0 1 0.000000 1', value: 0.088224, bestValue: 0.088224, details: { decision: 'fehe', move: '31: 6/5 8/5' } },
      { ruleset: 'cube:2C 1 0.000000 1', value: 0.500296, bestValue: 0.500296, details: { kind: 'cube', decision: 'no double', unit: 'mwc' } },
    ]);
    expect(charlot.scoreCount).toBeGreaterThan(150);
    // Some decisions were errors: value below the best.
    const errors = await db.prisma.score.findMany({ where: { program: 'gnubg' } });
    const blunders = errors.filter((s) => s.bestValue !== null && s.bestValue - s.value > 0.001);
    expect(blunders.length).toBeGreaterThan(0);
    for (const s of blunders) expect((s.details as { error: number }).error).toBeCloseTo(s.bestValue! - s.value, 6);
  });

  it('says alreadyImported for the same file again and stores nothing twice', async () => {
    const before = await counts(getDb());
    const again = await importText(getDb(), sample(CHARLOT));
    expect(again).toMatchObject({ alreadyImported: true, importId: charlot.importId, gameCount: 4, gameIds: charlot.gameIds });
    expect(await counts(getDb())).toEqual(before);
  });

  it('exports the charlot games as the original game trees, analysis and all', async () => {
    const games = await gamesOf(getDb(), charlot.gameIds);
    const exported = games.map(writeSgf).join('');
    expect(treesOf(exported)).toEqual(treesOf(sample(CHARLOT)));
    expect(exported).toContain('LU[-inf]');
    expect(exported).toContain('GS[M:21 21 22 23');
  });

  it.each(SAMPLES.filter((f) => f !== CHARLOT))('round-trips %s: import, export, same properties', async (name) => {
    const outcome = await importText(getDb(), sample(name));
    expect(outcome.gameCount).toBeGreaterThan(0);
    const exported = (await gamesOf(getDb(), outcome.gameIds)).map(writeSgf).join('');
    expect(treesOf(exported)).toEqual(treesOf(sample(name)));
  });

  it('warns about a roll left unplayed, with its line', async () => {
    const outcome = await importText(getDb(), `${sample('gnubg107_money_jacoby_beaver.sgf')}\n`);
    expect(outcome.warnings).toEqual([
      expect.objectContaining({ gameIndex: 0, code: 'WARN_BG_REPLAY', line: 7, message: expect.stringContaining('roll 65 with no checker moved') }),
    ]);
  });

  describe('refuses bad files, storing nothing', () => {
    it('a truncated file: the error names line and offset', async () => {
      const before = await counts(getDb());
      const text = sample(CHARLOT);
      const error = await failureOf(getDb(), text.slice(0, 200_000));
      // The cut falls inside a property value: the error points at its opening bracket.
      expect(error).toMatchObject({ code: 'ERR_SGF_UNTERMINATED_VALUE' });
      expect(text[error.offset!]).toBe('[');
      expect(error.line).toBe(text.slice(0, error.offset).split('\n').length);
      const unclosed = await failureOf(getDb(), text.slice(0, text.indexOf('\n;', 1000)));
      expect(unclosed).toMatchObject({ code: 'ERR_SGF_UNCLOSED_TREE', line: expect.any(Number), offset: expect.any(Number) });
      expect(await counts(getDb())).toEqual(before);
    });

    it('an illegal move in the second game: the error names the tree, node line and offset', async () => {
      const before = await counts(getDb());
      // Game 2 of the Gibbon match: White's 14 (kghg) replaced by a move from White's empty 2-point.
      const text = sample('gibbon_7point.sgf').replace(';W[14kghg]', ';W[14bahg]');
      const offset = text.indexOf(';W[14bahg]');
      const error = await failureOf(getDb(), text);
      expect(error).toMatchObject({ code: 'ERR_BG_REPLAY_ILLEGAL_MOVE', record: 1, offset, line: text.slice(0, offset).split('\n').length, field: 'W' });
      expect(error.message).toMatch(/^game tree 1: node 3: no White checker on 2/);
      expect(await counts(getDb())).toEqual(before);
    });

    it('an Othello tree in the collection: ERR_SGF_GAME_KIND naming the tree', async () => {
      const before = await counts(getDb());
      const text = `${sample('gnubg107_5p_double_dance_resign.sgf')}(;FF[4]GM[2]SZ[8];B[dc])\n`;
      const error = await failureOf(getDb(), text);
      expect(error).toMatchObject({ code: 'ERR_SGF_GAME_KIND', record: 1, field: 'GM', line: 8 });
      expect(error.message).toContain('game tree 1: GM[2] Othello games are not supported yet');
      expect(await counts(getDb())).toEqual(before);
    });

    it('a bad property value: the codec error with its line', async () => {
      const text = sample('gnubg107_5p_double_dance_resign.sgf').replace('B[take]', 'B[tak]');
      const error = await failureOf(getDb(), text);
      expect(error).toMatchObject({ code: 'ERR_BG_SGF_MOVE', record: 0, line: 4, field: 'B' });
    });
  });
});

const GNUBG = ['/usr/games/gnubg', '/usr/bin/gnubg', '/usr/local/bin/gnubg'].find((p) => fs.existsSync(p));
const MARK = 'tabulagamemark';

/** Loads `file` in gnubg: the GNUID right after `load match`, and per game the last GNUID after `next` n times. */
const gnubgEnds = (file: string, nextsPerGame: number[]): { afterLoad: string; gameEnds: string[] } => {
  const cmds = [`load match ${file}`, 'show board', 'first game'];
  nextsPerGame.forEach((n, g) => {
    if (g > 0) cmds.push('next game');
    cmds.push(`help ${MARK}`);
    for (let k = 0; k < n; k++) cmds.push('next');
    cmds.push('show board');
  });
  const run = spawnSync(GNUBG!, ['-t', '-q'], { input: `${cmds.join('\n')}\n`, encoding: 'utf8', timeout: 50_000, cwd: os.tmpdir() });
  let afterLoad = '';
  const gameEnds: string[] = [];
  let inGames = false;
  let pos = '';
  for (const line of run.stdout.split('\n')) {
    if (line.includes(MARK)) inGames = true;
    const p = /Position ID: (\S+)/.exec(line);
    if (p) pos = p[1];
    const m = /Match ID\s*: (\S+)/.exec(line);
    if (!m) continue;
    if (inGames) gameEnds.push(`${pos}:${m[1]}`);
    else if (!afterLoad) afterLoad = `${pos}:${m[1]}`;
  }
  return { afterLoad, gameEnds };
};

describeEachDatabase('SGF export checked by GNU Backgammon', (getDb) => {
  if (!GNUBG) {
    it.skip('gnubg is not installed (apt-get install gnubg; /usr/games/gnubg): export not cross-checked', () => undefined);
    return;
  }

  it.each([CHARLOT, 'gibbon_7point.sgf', 'gnubg107_5p_double_dance_resign.sgf'])(
    'an exported %s loads in gnubg and ends every game at the stored last position',
    async (name) => {
      const outcome = await importText(getDb(), sample(name));
      const games = await gamesOf(getDb(), outcome.gameIds);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-export-'));
      try {
        const file = path.join(dir, 'export.sgf');
        fs.writeFileSync(file, games.map(writeSgf).join(''));
        const lastKeys: string[] = [];
        const plyCounts: number[] = [];
        for (const g of games) {
          const line = (await pliesOfGameIds(getDb(), [g.id])).sort((a, b) => a.ply - b.ply);
          lastKeys.push(line[line.length - 1].key);
          plyCounts.push(line.length + 1);
        }
        const seen = gnubgEnds(file, plyCounts);
        expect(seen.afterLoad).toBe(lastKeys[lastKeys.length - 1]);
        expect(seen.gameEnds).toEqual(lastKeys);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
