/** Chess storage: PGN and GameText readers and writers, against the sample files and small fixtures. */
import fs from 'node:fs';
import path from 'node:path';
import { type PgnGame, type PgnNode, decodeGameText, decodePgnBytes, getTag, markKeptTokens, parsePgn, printPgn, replayGame } from '../../../src/codecs/chess';
import { CHESS_CHUNK_GAMES, gameTextReader, pgnReader, writeChessGameText, writeChessPgn } from '../../../src/games/chess/formats';
import { readerFor, writerFor } from '../../../src/games/index';
import { bytesSource, runImport } from '../../../src/storage/importService';
import { type GameRecord, type ImportChunk } from '../../../src/db/records';
import type { Game } from '../../../src/generated/prisma/client';
import { ImportFailure } from '../../../src/games/importFailure';
import { describeEachDatabase } from '../../support/databases';
import { indexedOccurrences, storedPlies } from '../../support/plies';
import { samplePath } from '../../support/sampleData';
import { writtenText } from '../../support/written';
import { packedScoresOf } from '../../support/packedScores';
import { scoresOfPositionKeys } from '../../../src/storage/evaluations';

const DIR = samplePath('chess');
const SAMPLES: Record<string, { games: number; variationPlies: number }> = {
  'anastasian-lewis.pgn': { games: 1, variationPlies: 0 },
  'cutechess-fischerrandom.pgn': { games: 4, variationPlies: 0 },
  'immortal-games.pgn': { games: 36, variationPlies: 166 },
  'jose-starter.pgn': { games: 16, variationPlies: 29 },
  'scid-res_gameUTF8.pgn': { games: 1, variationPlies: 330 },
};
const sample = (name: string): Buffer => fs.readFileSync(path.join(DIR, name));

/** A game the reader read, as the writers see it stored. */
const storedAs = (g: GameRecord): Game =>
  ({ id: 1n, kind: 'CHESS', sourceFormat: g.sourceFormat, source: g.source, gameText: g.gameText ?? null, startFen: g.startFen ?? null, metadata: g.metadata ?? {}, keptTokens: g.keptTokens ?? null }) as unknown as Game;

const readAllChunks = async (bytes: Uint8Array, options = {}): Promise<ImportChunk[]> => {
  const out: ImportChunk[] = [];
  const input = (async function* () {
    // Small pieces, so games straddle chunk boundaries.
    for (let i = 0; i < bytes.length; i += 997) yield bytes.subarray(i, i + 997);
  })();
  for await (const c of pgnReader.read(input, options) as AsyncIterable<ImportChunk>) out.push(c);
  return out;
};

/** A line as nested SAN lists: each move with its variations. */
type Tree = [string, Tree[][]][];
const treeOf = (line: PgnNode[]): Tree => line.map((n) => [n.san, n.variations.map((v) => treeOf(v) as unknown as Tree[])]);
const gamesOf = (text: string): PgnGame[] =>
  parsePgn(text).map((r) => {
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  });

const EVALS = `[Event "Eval test"]
[White "A"]
[Black "B"]
[Result "0-1"]
[Annotator "Stockfish 16"]

1. e4 { [%eval 0.24] } 1... e5 { [%eval 0.3,20] } 2. Qh5 { [%eval -1.5] } 2... Nc6 3. Bc4 Nf6 { [%eval #3] }
4. Qxf7# { [%eval #-0] } 0-1
`;

const ILLEGAL = `[Event "Illegal"]
[White "A"]
[Black "B"]
[Result "*"]

1. e4 e5 2. Ke3 Nc6 *

[Event "Broken"]
[White "C
[Black "D"]

1. d4 *

[Event "Fine"]
[White "E"]
[Black "F"]
[Result "1-0"]

1. d4 d5 (1... Nf6 2. c4) 2. c4 1-0
`;

describe('PGN reader', () => {
  it.each(Object.entries(SAMPLES))('reads %s: every game, every node with a unique (variation, ply)', async (name, want) => {
    const chunks = await readAllChunks(sample(name));
    const games = chunks.flatMap((c) => c.games ?? []);
    expect(games).toHaveLength(want.games);
    expect(games.flatMap((g) => g.plies.filter((p) => p.variation !== ''))).toHaveLength(want.variationPlies);
    for (const g of games) {
      expect(g.kind).toBe('CHESS');
      expect(new Set(g.plies.map((p) => `${p.variation}/${p.ply}`)).size).toBe(g.plies.length);
      // A PGN game keeps no GameText: its export writes it from the source.
      expect(g.gameText ?? null).toBeNull();
      // Each game's source is its own bytes, and they parse back to one game.
      expect(gamesOf(decodePgnBytes(g.source).text)).toHaveLength(1);
    }
  });

  it.each(Object.keys(SAMPLES))("writes the GameText of each game of %s from its source, which reads back to the moves the import played", async (name) => {
    const games = (await readAllChunks(sample(name))).flatMap((c) => c.games ?? []);
    for (const [i, g] of games.entries()) {
      const written = writeChessGameText(storedAs(g));
      if (!written.ok) {
        // Only a game of another variant (Chess960 is one GameText holds) has no GameText form.
        expect({ game: i, error: written.error.cause }).toEqual({ game: i, error: 'format' });
        continue;
      }
      const bytes = Buffer.from(writtenText(written), 'base64');
      expect(bytes[bytes.length - 1]).toBe(0xff);
      const decoded = decodeGameText(bytes, { fen: g.startFen ?? undefined });
      if (!decoded.ok) throw new Error(decoded.error.message);
      const replayed = replayGame(decoded.value);
      if (!replayed.ok) throw new Error(replayed.error.message);
      const mainLine = (sans: (string | undefined)[]) => sans.filter((m) => m !== undefined);
      expect({ game: i, moves: replayed.value.positions.filter((p) => p.path.length === 0).map((p) => p.san) }).toEqual({
        game: i,
        moves: mainLine(g.plies.filter((p) => p.variation === '').map((p) => p.move ?? undefined)),
      });
    }
  });

  it('keys the start position with its Polyglot key and links each node to the next move', async () => {
    const [chunk] = await readAllChunks(sample('jose-starter.pgn'));
    const game = (chunk.games ?? [])[0];
    expect(game.plies[0]).toMatchObject({ variation: '', ply: 0, position: { key: '463b96181691fc9c', sideToMove: 'w' } });
    expect(game.plies[0].position.hash).toBe(BigInt.asIntN(64, 0x463b96181691fc9cn));
    const main = game.plies.filter((p) => p.variation === '');
    for (let i = 0; i + 1 < main.length; i++) expect(main[i].nextMove).toBe(main[i + 1].move);
  });

  it('stores Chess960 start positions and tags', async () => {
    const games = (await readAllChunks(sample('cutechess-fischerrandom.pgn'))).flatMap((c) => c.games ?? []);
    expect(games[0].startFen).toMatch(/^[a-zA-Z1-8/]+ w /);
    expect(games[0].metadata).toMatchObject({ Variant: expect.stringMatching(/fischerandom/i) });
    expect(games[0].player1).toBeTruthy();
  });

  it('turns [%eval] comments into scores from White\'s view, in pawns, mates as ±100', async () => {
    const chunks = await readAllChunks(Buffer.from(EVALS));
    const scores = packedScoresOf(chunks);
    expect(scores.map((s) => [s.value, s.details])).toEqual([
      [0.24, { cp: 24, notation: 'eval' }],
      [0.3, { cp: 30, depth: 20, notation: 'eval' }],
      [-1.5, { cp: -150, notation: 'eval' }],
      [100, { mate: 3, notation: 'eval' }],
      [-100, { mate: -0, notation: 'eval' }],
    ]);
    expect(new Set(scores.map((s) => s.program))).toEqual(new Set(['Stockfish 16']));
    const game = (chunks[0].games ?? [])[0];
    const afterE4 = game.plies.find((p) => p.ply === 1);
    expect(scores[0].positionKey).toBe(afterE4?.position.key);
    expect(afterE4?.position.key).toBe('823c9b50fd114196');
  });

  it('reads cutechess engine comments as scores of the engine that moved', async () => {
    const scores = packedScoresOf(await readAllChunks(sample('cutechess-fischerrandom.pgn')));
    expect(scores.length).toBeGreaterThan(300);
    expect(scores.every((s) => s.program !== 'unknown' && s.details !== undefined)).toBe(true);
  });

  it('keeps games with illegal moves and skips unreadable ones, reporting both with locations', async () => {
    const chunks = await readAllChunks(Buffer.from(ILLEGAL));
    const games = chunks.flatMap((c) => c.games ?? []);
    const warnings = chunks.flatMap((c) => c.warnings ?? []);
    // A tag pair that cannot be read is left out; the rest of its game is read and stored.
    expect(games.map((g) => [g.event, g.player1, g.player2])).toEqual([['Illegal', 'A', 'B'], ['Broken', null, 'D'], ['Fine', 'E', 'F']]);
    expect(warnings).toEqual([
      // Move warnings give the line the move is written on.
      expect.objectContaining({ gameIndex: 0, code: 'ERR_SAN_ILLEGAL', line: 6, message: expect.stringContaining("illegal move 'Ke3' kept without being played") }),
      // After a kept illegal move the line goes on from the same position, as JOSE does.
      expect.objectContaining({ gameIndex: 0, code: 'ERR_SAN_ILLEGAL', line: 6, message: expect.stringContaining("ply 3: illegal move 'Nc6'") }),
      expect.objectContaining({ gameIndex: 1, code: 'ERR_PGN_TAG', line: 9, offset: 96, message: expect.stringMatching(/^a tag pair that cannot be read was left out; the game was stored: /) }),
    ]);
    // The illegal token is kept in the GameText export as error code 0xe2 followed by its text.
    const bytes = Buffer.from(writtenText(writeChessGameText(storedAs(games[0]))), 'base64');
    expect(bytes.indexOf(Buffer.from([0xe2, ...Buffer.from('Ke3'), 0]))).toBeGreaterThan(0);
    // The variation of the third game has its own path.
    expect(games[2].plies.filter((p) => p.variation === '1.0').map((p) => p.move)).toEqual(['Nf6', 'c4']);
  });

  it('fails when nothing at all can be read', async () => {
    await expect(readAllChunks(Buffer.from('[Event "x"]\n\n1. e4 {never closed\n'))).rejects.toBeInstanceOf(ImportFailure);
    await expect(readAllChunks(Buffer.from('   \n'))).rejects.toThrow(/no game/);
  });

  it(`yields a chunk every ${CHESS_CHUNK_GAMES} games`, async () => {
    const one = '[White "a"]\n[Black "b"]\n\n1. e4 e5 2. Nf3 *\n\n';
    const chunks = await readAllChunks(Buffer.from(one.repeat(2 * CHESS_CHUNK_GAMES + 1)));
    expect(chunks.map((c) => c.games?.length)).toEqual([CHESS_CHUNK_GAMES, CHESS_CHUNK_GAMES, 1]);
  });
});

describe('GameText reader', () => {
  const ACCEPTANCE = Buffer.from('13132e224c00432b98466c074a0c0898ff', 'hex');
  const read = async (bytes: Uint8Array, options = {}): Promise<ImportChunk[]> => {
    const out: ImportChunk[] = [];
    for await (const c of gameTextReader.read((async function* () { yield bytes; })(), options) as AsyncIterable<ImportChunk>) out.push(c);
    return out;
  };

  it('reads the acceptance game', async () => {
    const [chunk] = await read(ACCEPTANCE);
    const game = (chunk.games ?? [])[0];
    expect(game.sourceFormat).toBe('GAMETEXT');
    expect(game.plies.filter((p) => p.variation === '').map((p) => p.move).slice(1).join(' ')).toBe(
      'e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O',
    );
    expect(Buffer.from(game.gameText as Uint8Array).equals(ACCEPTANCE)).toBe(true);
  });

  it('reads the seed dialect and stores JOSE bytes', async () => {
    // 2.Nf3 is 0x2e in JOSE and 0x29 (7 - 6) in the seed's diagram.
    const seed = Buffer.from(ACCEPTANCE.map((b) => (b >= 0x20 && b <= 0x2f ? (b & 0xf8) | (7 - (b & 7)) : b)));
    expect(seed.subarray(0, 4)).toEqual(Buffer.from([0x13, 0x13, 0x29, 0x25]));
    const [chunk] = await read(seed, { dialect: 'SEED_DIAGRAM' });
    expect(Buffer.from((chunk.games ?? [])[0].gameText as Uint8Array).equals(ACCEPTANCE)).toBe(true);
  });

  it('reads JOSE split form with its comment list, and a FEN start', async () => {
    const fen = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1';
    const comments = Buffer.from('hello\0', 'utf8').toString('base64');
    const [chunk] = await read(Buffer.from([0x03, 0xe0, 0xff]), { fen, gameTextComments: comments });
    const game = (chunk.games ?? [])[0];
    expect(game.startFen).toBe(fen);
    expect(game.plies.map((p) => p.move)).toEqual([undefined, 'e4']);
    expect(Buffer.from(game.gameText as Uint8Array)).toEqual(Buffer.from([0x03, 0xe0, ...Buffer.from('hello'), 0, 0xff]));
  });

  it('refuses bad bytes with the codec error', async () => {
    await expect(read(Buffer.from([0x13]))).rejects.toBeInstanceOf(ImportFailure);
    await expect(read(ACCEPTANCE, { dialect: 'NOPE' })).rejects.toThrow(/dialect/);
  });
});

describeEachDatabase('chess import and export', (getDb) => {
  it.each(Object.keys(SAMPLES))('imports %s and exports the same games, variations, NAGs, comments and tags', async (name) => {
    const db = getDb();
    const bytes = sample(name);
    const outcome = await runImport(db, readerFor('PGN')!, bytesSource(bytes));
    expect(outcome.gameCount).toBe(SAMPLES[name].games);
    expect(outcome.positionCount).toBeGreaterThan(0);
    const stored = await db.prisma.game.findMany({ where: { importId: outcome.importId }, orderBy: { indexInFile: 'asc' } });
    const exported = stored.map((g) => writtenText(writerFor('CHESS', 'PGN')!(g))).join('');
    // As exported: tokens the replay kept without playing them are written as comments.
    const original = gamesOf(decodePgnBytes(bytes).text).map((g) => gamesOf(printPgn(markKeptTokens(g), { keptTokensAsComments: true }))[0]);
    const again = gamesOf(exported);
    expect(again.map((g) => treeOf(g.moves))).toEqual(original.map((g) => treeOf(g.moves)));
    // A game without a termination marker is written with its Result tag's.
    const withResult = (g: PgnGame): PgnGame => ({ ...g, result: g.result ?? getTag(g, 'Result') ?? '*' });
    expect(again).toEqual(original.map(withResult));
    const plies = await storedPlies(db, outcome.importId);
    const variations = plies.filter((p) => p.variation !== '').length;
    expect(variations).toBe(SAMPLES[name].variationPlies);
    expect(plies.length).toBeGreaterThan(variations);
    // positionCount: the distinct positions of each game, summed over the games.
    const perGame = new Map<bigint, Set<string>>();
    for (const p of plies) perGame.set(p.gameId, (perGame.get(p.gameId) ?? new Set()).add(p.key));
    expect(outcome.positionCount).toBe([...perGame.values()].reduce((n, keys) => n + keys.size, 0));
  });

  it('re-import stores nothing twice', async () => {
    const db = getDb();
    const indexRows = async () => ({
      blocks: await db.prisma.positionBlock.count(),
      runs: await db.prisma.positionRun.count(),
      moves: await db.prisma.positionMove.count(),
    });
    const before = { games: await db.prisma.game.count(), plies: (await storedPlies(db)).length, index: await indexRows() };
    const start = await indexedOccurrences(db, 'CHESS', '463b96181691fc9c');
    const again = await runImport(db, readerFor('PGN')!, bytesSource(sample('jose-starter.pgn')));
    expect(again).toMatchObject({ alreadyImported: true, gameCount: 16 });
    expect({ games: await db.prisma.game.count(), plies: (await storedPlies(db)).length, index: await indexRows() }).toEqual(before);
    expect(await indexedOccurrences(db, 'CHESS', '463b96181691fc9c')).toBe(start);
    expect(await db.prisma.game.count({ where: { event: { not: null } } })).toBe(await db.prisma.game.count({ where: { event: { not: null } } }));
  });

  it('stores evaluation scores on the positions reached', async () => {
    const db = getDb();
    const outcome = await runImport(db, readerFor('PGN')!, bytesSource(Buffer.from(EVALS)));
    expect(outcome.scoreCount).toBe(5);
    const [scores] = await scoresOfPositionKeys(db, [{ kind: 'CHESS', key: '823c9b50fd114196' }]);
    expect(scores[0]).toMatchObject({ program: 'Stockfish 16', ruleset: '', value: 0.24, details: { cp: 24, notation: 'eval' } });
  });

  it('says GameText cannot hold a game of another variant, and names the format to use', async () => {
    const db = getDb();
    const pgn = '[Variant "Atomic"]\n[White "a"]\n[Black "b"]\n\n1. e4 e5 *\n';
    const outcome = await runImport(db, readerFor('PGN')!, bytesSource(Buffer.from(pgn)));
    const game = await db.prisma.game.findFirstOrThrow({ where: { importId: outcome.importId } });
    const written = writeChessGameText(game);
    expect(written).toMatchObject({ ok: false, error: { cause: 'format', error: { code: 'ERR_GAMETEXT_VARIANT' } } });
    expect(!written.ok && written.error.cause === 'format' && written.error.error.message).toMatch(/is Atomic, which GameText cannot hold .*; export it as PGN$/);
  });

  it('exports GameText as base64 and a GameText import as PGN', async () => {
    const db = getDb();
    const outcome = await runImport(db, readerFor('GAMETEXT')!, bytesSource(Buffer.from('13132e224c00432b98466c074a0c0898ff', 'hex')));
    const game = await db.prisma.game.findFirstOrThrow({ where: { importId: outcome.importId } });
    expect(writtenText(writeChessGameText(game))).toBe(Buffer.from('13132e224c00432b98466c074a0c0898ff', 'hex').toString('base64'));
    expect(writtenText(writeChessPgn(game)).replace(/\s+/g, ' ')).toContain('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *');
  });
});
