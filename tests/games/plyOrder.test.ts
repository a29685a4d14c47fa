/**
 * Every reader lists a game's nodes with the main line first: node k of the main line is its
 * ply k. The position index stores nodes, and an occurrence on the main line is read as its ply
 * number from the index alone (`GameRecord.plies`, src/storage/occurrences.ts), so a reader that
 * listed a variation first would misnumber occurrences. Checked on every sample and fixture game
 * of every format that holds games, variations included.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { GameRecord } from '../../src/db/records';
import type { FormatName } from '../../src/games/formats';
import { readerFor } from '../../src/games/index';
import { importedGames } from '../support/reread';
import { SAMPLE_DATA } from '../support/sampleData';

const FIXTURES = path.resolve(__dirname, '../fixtures');

/** The format of a file by its extension, for the formats whose files hold games. */
const FORMATS: Record<string, FormatName> = { '.pgn': 'PGN', '.sgf': 'SGF', '.mat': 'MAT', '.gcg': 'GCG' };

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** The games of every sample and fixture file a reader stores, by format. */
async function gamesByFormat(): Promise<Map<FormatName, GameRecord[]>> {
  const out = new Map<FormatName, GameRecord[]>();
  for (const file of [...filesUnder(SAMPLE_DATA), ...filesUnder(FIXTURES)].sort()) {
    const format = FORMATS[path.extname(file)];
    if (!format) continue;
    // Some samples are files a reader refuses on purpose: none of their games is stored.
    const games = await importedGames(readerFor(format)!, fs.readFileSync(file)).catch(() => []);
    out.set(format, [...(out.get(format) ?? []), ...games]);
  }
  const gameText = await importedGames(readerFor('GAMETEXT')!, Buffer.from('13132e224c00432b98466c074a0c0898ff', 'hex'));
  out.set('GAMETEXT', gameText);
  return out;
}

/** The main-line nodes whose ply is not their node index, as `node/ply`. */
const misnumbered = (game: GameRecord): string[] => game.plies.flatMap((p, node) => (p.variation === '' && p.ply !== node ? [`${node}/${p.ply}`] : []));

describe('the order of a replay’s nodes', () => {
  let byFormat: Map<FormatName, GameRecord[]>;
  beforeAll(async () => {
    byFormat = await gamesByFormat();
  });

  it.each(['PGN', 'SGF', 'MAT', 'GCG', 'GAMETEXT'] as FormatName[])('numbers the main line of every %s game by its nodes', (format) => {
    const games = byFormat.get(format) ?? [];
    expect(games.length).toBeGreaterThan(0);
    expect(games.flatMap((g, i) => misnumbered(g).map((m) => `game ${i}: ${m}`))).toEqual([]);
  });

  it('covers games with variations in PGN and SGF, listed after the main line', () => {
    for (const format of ['PGN', 'SGF'] as FormatName[]) {
      const withVariations = byFormat.get(format)!.filter((g) => g.plies.some((p) => p.variation !== ''));
      expect(withVariations.length).toBeGreaterThan(0);
      for (const g of withVariations) {
        const firstVariation = g.plies.findIndex((p) => p.variation !== '');
        expect(g.plies.slice(firstVariation).every((p) => p.variation !== '')).toBe(true);
      }
    }
  });
});
