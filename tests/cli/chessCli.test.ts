/** `tabula import --format pgn` and `tabula export` of chess games on a PGlite data directory. */
import fs from 'node:fs';
import path from 'node:path';
import { MAX_VARIATION_DEPTH, type PgnGame, type PgnNode, decodePgnBytes, markKeptTokens, parsePgn, printPgn } from '../../src/codecs/chess';
import { main } from '../../src/cli/main';
import { cliSandbox } from '../support/cli';
import { databaseConfigFromEnv } from '../../src/db/config';
import { openDatabase } from '../../src/db/database';
import { dataOf, graphqlClient } from '../support/graphql';
import { samplePath } from '../support/sampleData';

const DIR = samplePath('chess');
const SAMPLES = ['anastasian-lewis.pgn', 'cutechess-fischerrandom.pgn', 'immortal-games.pgn', 'jose-starter.pgn', 'scid-res_gameUTF8.pgn'];

type Tree = [string, Tree[]][];
const treeOf = (line: PgnNode[]): Tree => line.map((n) => [n.san, n.variations.map(treeOf)]);
const gamesOf = (bytes: Uint8Array): PgnGame[] =>
  parsePgn(decodePgnBytes(bytes).text).map((r) => {
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  });

describe('tabula CLI with chess PGN', () => {
  const cli = cliSandbox('tabula-chess-cli-', { migrated: true });

  it('imports every sample file, reporting illegal moves as warnings with their game and line', async () => {
    const files = SAMPLES.map((name) => path.join(DIR, name));
    expect(await main(['import', '--format', 'pgn', ...files])).toBe(0);
    expect(cli.errors).toEqual([]);
    const out = cli.logged.join('\n');
    expect(out).toMatch(/anastasian-lewis\.pgn: imported as import 1: 1 games, \d+ positions, 0 scores in /);
    expect(out).toMatch(/cutechess-fischerrandom\.pgn: imported as import 2: 4 games, \d+ positions, \d+ scores in /);
    expect(out).toMatch(/immortal-games\.pgn: imported as import 3: 36 games, /);
    expect(out).toMatch(/jose-starter\.pgn: imported as import 4: 16 games, /);
    expect(out).toMatch(/scid-res_gameUTF8\.pgn: imported as import 5: 1 games, /);
    // immortal-games.pgn has ambiguous SAN moves (python-chess reports them too): kept and reported.
    expect(out).toMatch(/ {2}warning ERR_SAN_AMBIGUOUS \(game \d+, line \d+\): ply \d+: ambiguous move '/);
  });

  it('says a repeated import was already imported', async () => {
    expect(await main(['import', '--format', 'pgn', path.join(DIR, 'jose-starter.pgn')])).toBe(0);
    expect(cli.logged.join('\n')).toMatch(/: already imported as import 4: 16 games/);
  });

  it('exits 1 when a game of the file could not be read, saying how many were left out', async () => {
    const file = path.join(cli.dir, 'one-unreadable.pgn');
    const deep = `1. e4 ${'( 1. d4 '.repeat(MAX_VARIATION_DEPTH + 1)}${')'.repeat(MAX_VARIATION_DEPTH + 1)} *`;
    fs.writeFileSync(file, `[Event "ok"]\n\n1. d4 d5 *\n\n[Event "too deep"]\n\n${deep}\n`);
    expect(await main(['import', '--format', 'pgn', file])).toBe(1);
    expect(cli.logged.join('\n')).toMatch(/one-unreadable\.pgn: imported as import \d+: 1 games, .*\n(.*\n)* {2}1 game could not be read and was left out \(see the warnings\)/);
    expect(cli.errors).toEqual(['1 game left out: exiting with status 1 (pass --allow-skips to accept an import that leaves games out)']);
  });

  it('exits 0 for an import that leaves games out when --allow-skips is given', async () => {
    const file = path.join(cli.dir, 'one-unreadable.pgn');
    expect(await main(['import', '--format', 'pgn', '--allow-skips', file])).toBe(0);
    expect(cli.logged.join('\n')).toMatch(/already imported as import \d+: 1 games/);
    expect(cli.errors).toEqual([]);
  });

  it('exports each import as PGN with the same main lines and variations', async () => {
    for (let i = 0; i < SAMPLES.length; i++) {
      const out = path.join(cli.dir, `export-${i}.pgn`);
      expect(await main(['export', '--import', String(i + 1), '--format', 'pgn', '--out', out])).toBe(0);
      // As exported: tokens the replay kept without playing them are written as comments.
      const original = gamesOf(fs.readFileSync(path.join(DIR, SAMPLES[i]))).map((g) =>
        gamesOf(Buffer.from(printPgn(markKeptTokens(g), { keptTokensAsComments: true })))[0],
      );
      const exported = gamesOf(fs.readFileSync(out));
      expect(exported.map((g) => treeOf(g.moves))).toEqual(original.map((g) => treeOf(g.moves)));
      expect(exported.map((g) => g.tags)).toEqual(original.map((g) => g.tags));
    }
    expect(cli.errors).toEqual([]);
  });

  it('stored the positions: chessPositions finds the start position', async () => {
    const db = await openDatabase(databaseConfigFromEnv());
    try {
      const gql = graphqlClient(db);
      const data = dataOf(await gql<{ chessPositions: { occurrenceCount: number }[] }>(`{ chessPositions(polyglotKey: "463b96181691fc9c") { occurrenceCount } }`));
      // Every game but the four Chess960 ones starts from the standard position (the last 1: the readable game of one-unreadable.pgn).
      expect(data.chessPositions).toEqual([{ occurrenceCount: 1 + 36 + 16 + 1 + 1 }]);
    } finally {
      await db.close();
    }
  });
});
