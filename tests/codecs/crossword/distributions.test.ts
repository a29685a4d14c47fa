import * as fs from 'fs';
import * as path from 'path';
import { DISTRIBUTIONS, DISTRIBUTION_NAMES, distributionByName, distributionForLexicon, tilePoints } from '../../../src/codecs/crossword';
import { DATA } from './fixtures';

describe('letter distributions', () => {
  it('ships the 8 distributions of the sample files', () => {
    expect([...DISTRIBUTION_NAMES].sort()).toEqual(['catalan', 'english', 'english_super', 'french', 'german', 'norwegian', 'polish', 'spanish']);
  });

  for (const name of Object.keys(DISTRIBUTIONS)) {
    it(`${name} matches its data file line by line`, () => {
      const lines = fs
        .readFileSync(path.join(DATA, 'macondo/letterdistributions', name), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '');
      const d = DISTRIBUTIONS[name];
      expect(d.tiles.map((t) => [t.bracketOnly ? `[${t.name}]` : t.name, t.count, t.points, t.vowel ? 1 : 0].join(','))).toEqual(
        lines.map((l) => l.trim().replace(/,10$/, ',0')),
      );
    });
  }

  const totals: Record<string, [number, number]> = {
    english: [100, 187],
    english_super: [200, 381],
    spanish: [100, 192],
    catalan: [100, 189],
    french: [102, 197],
    german: [102, 202],
    norwegian: [100, 202],
    polish: [100, 190],
  };
  for (const [name, [tiles, face]] of Object.entries(totals)) {
    it(`${name} has ${tiles} tiles worth ${face}`, () => {
      const d = DISTRIBUTIONS[name];
      expect([d.totalTiles, d.tiles.reduce((s, t) => s + t.count * t.points, 0)]).toEqual([tiles, face]);
    });
  }

  it('keeps Spanish digraphs bracket-only and Catalan digraphs greedy', () => {
    expect(DISTRIBUTIONS.spanish.tiles.filter((t) => t.bracketOnly).map((t) => t.name)).toEqual(['CH', 'LL', 'RR']);
    expect(DISTRIBUTIONS.catalan.tiles.filter((t) => t.name.length > 1).map((t) => [t.name, t.bracketOnly])).toEqual([
      ['L·L', false],
      ['NY', false],
      ['QU', false],
    ]);
  });

  it('maps lexicon prefixes to distributions', () => {
    expect(['CSW21', 'NWL20', 'OSPS49', 'FRA20', 'DISC2', 'FILE2017', 'RD28', 'NSF23', 'XYZ'].map(distributionForLexicon)).toEqual([
      'english',
      'english',
      'polish',
      'french',
      'catalan',
      'spanish',
      'german',
      'norwegian',
      undefined,
    ]);
  });

  it('finds distributions by name case-insensitively', () => {
    expect(distributionByName('Polish')).toBe(DISTRIBUTIONS.polish);
  });

  it('scores designated blanks as 0 in tilePoints', () => {
    expect(tilePoints(DISTRIBUTIONS.english, [26, 26 | 0x80, 0])).toBe(10);
  });
});
