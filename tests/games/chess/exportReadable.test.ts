/**
 * Exported PGN is PGN that other programs read: a token the replay kept without playing it
 * (unreadable, illegal, ambiguous) is written in a comment, and pgn-extract (the Debian
 * package, /usr/games/pgn-extract) reads every exported game without a complaint.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readerFor, writerFor } from '../../../src/games/index';
import { bytesSource, runImport } from '../../../src/storage/importService';
import { describeEachDatabase } from '../../support/databases';
import { indexedOccurrences, pliesOfGameIds } from '../../support/plies';
import { sample } from '../../support/sampleData';
import { writtenText } from '../../support/written';

const PGN_EXTRACT = '/usr/games/pgn-extract';

const KEPT = [
  '[Event "unreadable result"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. d4 d5 2. c4 e6 \u20130 *\n',
  '[Event "score as a move"]\n[White "C"]\n[Black "D"]\n[Result "*"]\n\n1. \u00bd-\u00bd *\n',
  '[Event "illegal"]\n[White "E"]\n[Black "F"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 Nf3 3. Nf3 Nc6 *\n',
].join('\n');

/** What pgn-extract prints reading `text`, and the games it wrote back. */
const pgnExtract = (text: string): { log: string; games: number } => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-pgn-extract-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pgn'), text);
    const run = spawnSync(PGN_EXTRACT, ['-o', path.join(dir, 'out.pgn'), path.join(dir, 'in.pgn')], { encoding: 'utf8' });
    const log = run.stdout + run.stderr;
    const games = (fs.readFileSync(path.join(dir, 'out.pgn'), 'utf8').match(/^\[Event /gm) ?? []).length;
    return { log, games };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

describeEachDatabase('exported PGN read by pgn-extract', (getDb) => {
  const exportAll = async (bytes: Buffer): Promise<string> => {
    const db = getDb();
    const outcome = await runImport(db, readerFor('PGN')!, bytesSource(bytes));
    const stored = await db.prisma.game.findMany({ where: { importId: outcome.importId }, orderBy: { indexInFile: 'asc' } });
    return stored.map((g) => writtenText(writerFor('CHESS', 'PGN')!(g))).join('');
  };

  it('writes kept tokens as comments: {–0}, {½-½}, {Ke3}', async () => {
    const exported = await exportAll(Buffer.from(KEPT, 'utf8'));
    expect(exported).toContain('2. c4 e6 {\u20130} *');
    expect(exported).toContain('{\u00bd-\u00bd} *');
    expect(exported).toContain('1. e4 e5 {Ke3} 2. Nf3 {Nf3} 2... Nc6 *');
  });

  it('gives pgn-extract games it reads without a complaint', async () => {
    const { log, games } = pgnExtract(await exportAll(Buffer.from(KEPT.replace(/"(\w+)"\]/g, '"$1 again"]'), 'utf8')));
    expect(log).toMatch(/3 games matched out of 3/);
    expect(log).not.toMatch(/Unknown character|Failed to make move|Missing result|Unknown move/);
    expect(games).toBe(3);
  });

  it("gives pgn-extract every game of a real collection with ambiguous moves (immortal-games.pgn)", async () => {
    const { log, games } = pgnExtract(await exportAll(sample('chess/immortal-games.pgn')));
    expect(log).toMatch(/36 games matched out of 36/);
    expect(log).not.toMatch(/Unknown character|Failed to make move|Missing result|Unknown move/);
    expect(games).toBe(36);
  });
});

describeEachDatabase('games of other chess variants', (getDb) => {
  const ATOMIC = '[Event "atomic"]\n[Variant "Atomic"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 d5 2. exd5 Qxd5 1-0\n';
  const FREESTYLE = '[Event "960"]\n[Variant "Chess960"]\n[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]\n[Result "*"]\n\n1. d4 d5 *\n';

  it('stores an Atomic game without indexing any position, and says so', async () => {
    const db = getDb();
    const outcome = await runImport(db, readerFor('PGN')!, bytesSource(Buffer.from(ATOMIC, 'utf8')));
    expect(outcome.gameCount).toBe(1);
    expect(outcome.positionCount).toBe(0);
    expect(outcome.warnings.map((w) => w.code)).toEqual(['CHESS_VARIANT_NOT_INDEXED']);
    expect(await pliesOfGameIds(db, outcome.gameIds)).toEqual([]);
    expect(await db.prisma.positionBlock.count({ where: { importId: outcome.importId } })).toBe(0);
    expect(await db.prisma.positionRun.count({ where: { importId: outcome.importId } })).toBe(0);
    const [game] = await db.prisma.game.findMany({ where: { id: outcome.gameIds[0] } });
    expect(writtenText(writerFor('CHESS', 'PGN')!(game))).toContain('1. e4 d5 2. exd5 Qxd5 1-0');
  });

  it('indexes a Chess960 game as usual', async () => {
    const db = getDb();
    const outcome = await runImport(db, readerFor('PGN')!, bytesSource(Buffer.from(FREESTYLE, 'utf8')));
    expect(outcome.warnings).toEqual([]);
    const plies = await pliesOfGameIds(db, outcome.gameIds);
    expect(plies.map((p) => [p.ply, p.move])).toEqual([
      [0, null],
      [1, 'd4'],
      [2, 'd5'],
    ]);
    expect(outcome.positionCount).toBe(3);
    for (const p of plies) expect(await indexedOccurrences(db, 'CHESS', p.key)).toBe(1);
  });
});
