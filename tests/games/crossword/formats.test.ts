import {
  type GcgGame,
  parseCgp,
  parseGcg,
  positionKey,
  printCgp,
  replayGcg,
} from '../../../src/codecs/crossword';
import { signedHashOf } from '../../../src/codecs/hashes';
import { unwrap } from '../../../src/codecs/result';
import type { Database } from '../../../src/db/database';
import type { Game } from '../../../src/generated/prisma/client';
import {
  cgpReader,
  gcgReader,
  storedCrosswordPosition,
  writeCgpGame,
  writeGcgGame,
} from '../../../src/games/crossword/formats';
import { readerFor, writerFor } from '../../../src/games/index';
import { bytesSource, runImport } from '../../../src/storage/importService';
import { type ImportChunk } from '../../../src/db/records';
import { ImportFailure } from '../../../src/games/importFailure';
import { describeEachDatabase } from '../../support/databases';
import { indexedOccurrences, pliesOfGameIds, storedPlies } from '../../support/plies';
import { writtenText } from '../../support/written';
import { GCG_FILES, readBytes, readText } from '../../codecs/crossword/fixtures';


const EMPTY15 = '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15';
const cgpKey = (line: string): string => positionKey(unwrap(parseCgp(line)));

/** Everything a reader yields for `text`, fed in chunks of `size` bytes. */
const readChunks = async (reader: typeof cgpReader, data: Uint8Array, size = data.length, options = {}): Promise<ImportChunk[]> => {
  const input = async function* () {
    for (let k = 0; k < data.length; k += size) yield data.subarray(k, k + size);
  };
  const out: ImportChunk[] = [];
  for await (const chunk of reader.read(input(), options)) out.push(chunk);
  return out;
};

const importFailure = async (work: Promise<unknown>): Promise<ImportFailure> => {
  try {
    await work;
  } catch (error) {
    if (error instanceof ImportFailure) return error;
    throw error;
  }
  throw new Error('expected an ImportFailure');
};

const events = (g: GcgGame) => g.events.map(({ line: _line, ...e }) => e);

describe('CGP reader (no database)', () => {
  const lines = readText('macondo/cgps.txt').split('\n').filter((l) => l.trim() !== '');

  it('yields one CROSSWORD position per non-blank line: key, signed hash, canonical CGP and data', async () => {
    const [chunk] = await readChunks(cgpReader, readBytes('macondo/cgps.txt'));
    const p = unwrap(parseCgp(lines[1]));
    expect(chunk.positions).toHaveLength(2);
    expect(chunk.positions?.[1]).toEqual({
      kind: 'CROSSWORD',
      key: positionKey(p),
      hash: BigInt.asIntN(64, BigInt(`0x${positionKey(p)}`)),
      sideToMove: null,
      board: printCgp(p),
      data: {
        lexicon: 'CSW21',
        distribution: 'english',
        boardName: 'CrosswordGame',
        racks: ['IKLMTZ', 'AEINRU?'],
        unseenTiles: 0,
        tilesOnBoard: 87,
      },
    });
    // The last move belongs to a game, not to the position: the stored text leaves it out.
    expect(chunk.positions?.[0].board).toBe(`${EMPTY15} AELNOQT/ 0/0 0 lex NWL20;`);
  });

  it('gives the same positions and line numbers whatever the chunking and line ends (CRLF split across chunks, BOM)', async () => {
    const text = `\ufeff${lines[0]}\r\n\r\n${lines[1]}\r\n${EMPTY15} ABC/ 0/0 X\r\n`;
    const data = new Uint8Array(Buffer.from(text, 'utf8'));
    for (const size of [1, 2, 3, 7, 64]) {
      const failure = await importFailure(readChunks(cgpReader, data, size));
      expect(failure.error).toMatchObject({ code: 'MALFORMED_CONSECUTIVE_ZEROS', line: 4 });
    }
    const good = new Uint8Array(Buffer.from(`\ufeff${lines[0]}\r\n\r\n${lines[1]}\r`, 'utf8'));
    for (const size of [1, 5]) {
      const keys = (await readChunks(cgpReader, good, size)).flatMap((c) => c.positions ?? []).map((p) => p.key);
      expect(keys).toEqual(lines.map(cgpKey));
    }
  });

  it('names the line and the codec code of the first bad line', async () => {
    const data = new Uint8Array(Buffer.from(`${lines[0]}\n\n${EMPTY15}/15 / 0/0 0\n`));
    const failure = await importFailure(readChunks(cgpReader, data));
    expect(failure.error).toMatchObject({ code: 'INVALID_NUMBER_OF_BOARD_ROWS', line: 3, field: 'board' });
  });

  it('applies a letterDistribution option and keeps it in the stored CGP so the text decodes the same', async () => {
    const polish = `${EMPTY15.replace(/^15/, '7Ź7')} ŻŃ/ 0/0 0`;
    expect(parseCgp(polish).ok).toBe(false);
    const [chunk] = await readChunks(cgpReader, new Uint8Array(Buffer.from(polish)), undefined, { letterDistribution: 'polish' });
    const stored = chunk.positions?.[0];
    expect(stored?.board).toBe(`${EMPTY15.replace(/^15/, '7Ź7')} ŃŻ/ 0/0 0 ld polish;`);
    const again = unwrap(storedCrosswordPosition(stored!.board, stored!.data));
    expect(positionKey(again)).toBe(stored?.key);
  });

  it('refuses an unknown letterDistribution option', async () => {
    const failure = await importFailure(readChunks(cgpReader, new Uint8Array(Buffer.from(lines[0])), undefined, { letterDistribution: 'klingon' }));
    expect(failure.error).toMatchObject({ code: 'UNKNOWN_LETTER_DISTRIBUTION', field: 'letterDistribution' });
  });
});

describe('GCG reader (no database)', () => {
  for (const file of GCG_FILES) {
    it(`${file}: one game, ply 0 plus the position after every event, keys as the replay computes them`, async () => {
      const bytes = readBytes(file);
      const game = unwrap(parseGcg(bytes));
      const replay = unwrap(replayGcg(game));
      const [chunk] = await readChunks(gcgReader, bytes);
      const record = chunk.games?.[0];
      expect(chunk.games).toHaveLength(1);
      expect(record?.source).toEqual(bytes);
      expect(record?.plies).toHaveLength(game.events.length + 1);
      expect(record?.plies.slice(1).map((p) => p.position.key)).toEqual(replay.turns.map((t) => positionKey(t.position)));
      expect(record?.plies.map((p) => p.ply)).toEqual(record?.plies.map((_, k) => k));
      // Every stated score agrees with the recomputed one in the sample files: no warnings.
      expect(chunk.warnings).toEqual([]);
      for (const t of replay.turns) if (t.computedScore !== undefined) expect(t.computedScore).toBe(t.event.score);
    });
  }

  it('records players, result, metadata and moves (doug v emely)', async () => {
    const [chunk] = await readChunks(gcgReader, readBytes('macondo/gcg/doug_v_emely_double_challenge.gcg'));
    const g = chunk.games![0];
    expect(g).toMatchObject({ kind: 'CROSSWORD', sourceFormat: 'GCG', player1: 'doug', player2: 'emely', result: '451-345' });
    expect(g.metadata).toMatchObject({ nicknames: ['doug', 'emely'], distribution: 'english', board: 'CrosswordGame', finished: true, finalScores: [451, 345] });
    expect(g.plies[0]).toMatchObject({ ply: 0, nextMove: '8D WINDY +32', position: { sideToMove: '1' } });
    expect(g.plies[0].move).toBeUndefined();
    expect(g.plies[0].position.board).toMatch(/^15\/15\/15\/15\/15\/15\/15\/15\/15\/15\/15\/15\/15\/15\/15 \S+\/ 0\/0 0 ld english;$/);
    expect(g.plies[1].position.sideToMove).toBe('2');
    expect(g.plies.at(-1)?.move).toBe('(OPEG) +14');
    expect(g.plies.slice(5, 8).map((p) => p.move)).toEqual(['10B DONATES +82', '4B TIL.. +24', '-- -24']);
  });

  it('reads ISO-8859-1 names and keeps the original bytes as the source', async () => {
    const bytes = readBytes('macondo/gcg/name_iso8859-1.gcg');
    const [chunk] = await readChunks(gcgReader, bytes);
    expect(chunk.games![0]).toMatchObject({ player1: 'césar', player2: 'hércules', metadata: { encoding: 'ISO-8859-1' } });
    expect(Buffer.from(chunk.games![0].source).equals(Buffer.from(bytes))).toBe(true);
  });

  it('leaves the result of an unfinished game empty and records its lexicon', async () => {
    const [chunk] = await readChunks(gcgReader, readBytes('macondo/gcg/incomplete.gcg'));
    expect(chunk.games![0]).toMatchObject({ result: null, metadata: { lexicon: 'NWL18', finished: false, finalScores: [336, 298] } });
  });

  it('turns a stated score that disagrees with the board into a warning naming the line', async () => {
    const text = readText('macondo/gcg/vs_frentz.gcg').replace('8D CRAAlED +74 74', '8D CRAAlED +75 75');
    const [chunk] = await readChunks(gcgReader, new Uint8Array(Buffer.from(text)));
    // The total written on line 3 then no longer adds up with cesar's next turn (line 7).
    expect(chunk.warnings).toEqual([
      { gameIndex: 0, code: 'SCORE_MISMATCH', message: '8D CRAAlED scores 74, the file says 75', line: 3 },
      { gameIndex: 0, code: 'CUMULATIVE_MISMATCH', message: 'cesar had 75, +28 makes 103, the file says 102', line: 7 },
    ]);
  });
});

describeEachDatabase('crossword storage', (getDb) => {
  const importBytes = (format: 'CGP' | 'GCG', bytes: Uint8Array, options = {}) =>
    runImport(getDb(), readerFor(format)!, bytesSource(bytes), options);
  const countRows = async (db: Database) => ({
    positions: await db.prisma.position.count({ where: { kind: 'CROSSWORD' } }),
    games: await db.prisma.game.count({ where: { kind: 'CROSSWORD' } }),
    plies: (await storedPlies(db)).length,
    blocks: await db.prisma.positionBlock.count(),
    runs: await db.prisma.positionRun.count(),
    imports: await db.prisma.import.count(),
  });

  it('stores one position per line of cgps.txt, found by kind and key', async () => {
    const lines = readText('macondo/cgps.txt').split('\n').filter((l) => l.trim() !== '');
    const outcome = await importBytes('CGP', readBytes('macondo/cgps.txt'));
    expect(outcome).toMatchObject({ format: 'CGP', alreadyImported: false, gameCount: 0, positionCount: 2, warnings: [] });
    for (const line of lines) {
      const p = unwrap(parseCgp(line));
      const row = await getDb().prisma.position.findUnique({ where: { kind_key: { kind: 'CROSSWORD', key: positionKey(p) } } });
      // Stored without what belongs to a game (scores, zero turns, last move): CGP's 0/0 0 stands for unknown.
      const alone = { ...p, scores: p.scores.map(() => 0), consecutiveZeros: 0, options: { ...p.options, lastMove: undefined } };
      expect(row).toMatchObject({ board: printCgp(alone), hash: signedHashOf(positionKey(p)), sideToMove: null });
      expect(positionKey(unwrap(storedCrosswordPosition(row!.board, row!.data)))).toBe(positionKey(p));
    }
  });

  it('imports the same CGP file again without storing anything twice', async () => {
    const before = await countRows(getDb());
    const again = await importBytes('CGP', readBytes('macondo/cgps.txt'));
    expect(again).toMatchObject({ alreadyImported: true, positionCount: 2 });
    expect(await countRows(getDb())).toEqual(before);
  });

  it('stores nothing from a CGP file with one bad line and names the line', async () => {
    const before = await countRows(getDb());
    const data = Buffer.from(`${EMPTY15} AB/ 0/0 0\n${EMPTY15} Z/ZZ 0/0 0\n`);
    const failure = await importFailure(importBytes('CGP', new Uint8Array(data)));
    expect(failure.error).toMatchObject({ code: 'RACK_LETTERS_NOT_IN_BAG', line: 2 });
    expect(await countRows(getDb())).toEqual(before);
    expect(await getDb().prisma.position.count({ where: { key: cgpKey(`${EMPTY15} AB/ 0/0 0`) } })).toBe(0);
  });

  for (const file of GCG_FILES) {
    it(`${file}: imports with its plies, exports as GCG with the same events, and re-imports idempotently`, async () => {
      const db = getDb();
      const bytes = readBytes(file);
      const outcome = await importBytes('GCG', bytes);
      expect(outcome).toMatchObject({ alreadyImported: false, gameCount: 1, warnings: [] });
      const game = (await db.prisma.game.findUnique({ where: { id: outcome.gameIds[0] } })) as Game;
      const parsed = unwrap(parseGcg(bytes));
      const replay = unwrap(replayGcg(parsed));
      const plies = (await pliesOfGameIds(db, [game.id])).sort((a, b) => a.ply - b.ply);
      expect(plies).toHaveLength(parsed.events.length + 1);
      expect(plies.map((o) => o.ply)).toEqual(plies.map((_, i) => i));
      expect(plies.slice(1).map((o) => o.key)).toEqual(replay.turns.map((t) => positionKey(t.position)));
      expect(plies[0].board.startsWith(replay.layout.rows === 15 ? `${EMPTY15} ` : '21/')).toBe(true);
      // Every position of the game is findable by its key.
      for (const o of plies) expect(await indexedOccurrences(db, 'CROSSWORD', o.key)).toBeGreaterThanOrEqual(1);

      const exported = writtenText(writerFor('CROSSWORD', 'GCG')!(game));
      const back = unwrap(parseGcg(exported));
      expect(events(back)).toEqual(events(parsed));
      expect(back.players).toEqual(parsed.players);
      expect(back.pragmas).toEqual(parsed.pragmas);
      expect(back.finalRacks).toEqual(parsed.finalRacks);

      const before = await countRows(db);
      const again = await importBytes('GCG', bytes);
      expect(again).toMatchObject({ alreadyImported: true, gameIds: outcome.gameIds, gameCount: 1 });
      expect(await countRows(db)).toEqual(before);
    });
  }

  it('exports a UTF-8 game exactly as imported and an ISO-8859-1 one as UTF-8 text saying so', async () => {
    const db = getDb();
    const dos = await db.prisma.game.findFirstOrThrow({ where: { player1: 'angwantibo' } });
    expect(writtenText(writeGcgGame(dos))).toBe(readText('macondo/gcg/utf8_dos.gcg'));
    const iso = await db.prisma.game.findFirstOrThrow({ where: { player1: 'césar' } });
    const text = writtenText(writeGcgGame(iso));
    expect(text.split('\n').slice(0, 3)).toEqual(['#character-encoding UTF-8', '#player1 césar césar', '#player2 hércules hércules']);
    expect(unwrap(parseGcg(new Uint8Array(Buffer.from(text, 'utf8')))).players.map((p) => p.nick)).toEqual(['césar', 'hércules']);
  });

  it('exports a game as CGP, one line per ply, with the stored keys', async () => {
    const db = getDb();
    const game = await db.prisma.game.findFirstOrThrow({ where: { player1: 'doug' } });
    const lines = writtenText(writeCgpGame(game)).trimEnd().split('\n');
    const plies = (await pliesOfGameIds(db, [game.id])).sort((a, b) => a.ply - b.ply);
    const keys = plies.map((o) => o.key);
    expect(lines.map(cgpKey)).toEqual(keys);
    // The game's positions were indexed, not stored as rows: listing them stores each distinct one once.
    const distinct = [...new Set(keys)];
    expect(await db.prisma.position.count({ where: { kind: 'CROSSWORD', key: { in: distinct } } })).toBe(0);
    const again = await importBytes('CGP', new Uint8Array(Buffer.from(lines.join('\n'))));
    expect(again.positionCount).toBe(distinct.length);
    expect(await db.prisma.position.count({ where: { kind: 'CROSSWORD', key: { in: distinct } } })).toBe(distinct.length);
  });

  it('stores nothing from a GCG file that cannot be replayed and names the line', async () => {
    const before = await countRows(getDb());
    const text = '#player1 a Ann\n#player2 b Bob\n>a: ABC 8H CAB +14 14\n>b: DEF 8H DEF +0 0\n';
    const failure = await importFailure(importBytes('GCG', new Uint8Array(Buffer.from(text))));
    expect(failure.error).toMatchObject({ code: 'PLAY_TILE_CONFLICT', line: 4 });
    expect(await countRows(getDb())).toEqual(before);
  });

  it('stores nothing from a GCG file that does not parse and names the line', async () => {
    const before = await countRows(getDb());
    const text = '#player1 a Ann\n#player2 b Bob\n>a: ABC 8H CAB +14 14\n>c: DEF 9H DEF +0 0\n';
    const failure = await importFailure(importBytes('GCG', new Uint8Array(Buffer.from(text))));
    expect(failure.error).toMatchObject({ code: 'GCG_UNKNOWN_PLAYER', line: 4 });
    expect(await countRows(getDb())).toEqual(before);
  });

  it('records score mismatches as import warnings with the line and still stores the game', async () => {
    const text = readText('macondo/gcg/vs_frentz.gcg').replace('8D CRAAlED +74 74', '8D CRAAlED +75 75');
    const outcome = await importBytes('GCG', new Uint8Array(Buffer.from(text)));
    expect(outcome.gameCount).toBe(1);
    expect(outcome.warnings[0]).toEqual({ gameIndex: 0, code: 'SCORE_MISMATCH', message: '8D CRAAlED scores 74, the file says 75', line: 3 });
    const stored = await getDb().prisma.import.findUniqueOrThrow({ where: { id: outcome.importId } });
    expect(stored.warnings).toEqual(outcome.warnings);
  });
});
