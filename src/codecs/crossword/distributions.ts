/**
 * Letter distributions for crossword games, as data.
 *
 * Transcribed from the CSV files `letterdistributions/<name>` shipped with Macondo
 * (`letter,count,points,vowel`, one tile per line; line order = tile code, line 1 is the
 * blank `?` = code 0). Names written in brackets in those files (Spanish `[CH]`, `[LL]`,
 * `[RR]`) are multi-character tiles that are only ever read in brackets; unbracketed
 * multi-character names (Catalan `L·L`, `NY`, `QU`) are also read greedily without them.
 */

/** One kind of tile in a distribution. */
export interface TileSpec {
  /** Upper-case name without brackets, e.g. `A`, `CH`, `L·L`; `?` for the blank. */
  readonly name: string;
  /** Lower-case name (a blank designated as this tile). */
  readonly lowerName: string;
  /** How many of this tile the bag holds at the start. */
  readonly count: number;
  /** Face value. */
  readonly points: number;
  /** Whether the distribution flags the tile as a vowel (CSV field `1`). */
  readonly vowel: boolean;
  /** True when the name has more than one code point and is read only in brackets. */
  readonly bracketOnly: boolean;
}

/** A named letter distribution; `tiles[code]` describes tile code `code` (0 = blank). */
export interface LetterDistribution {
  /** Name as used by the `ld` opcode, e.g. `english`. */
  readonly name: string;
  /** Tiles by code; index 0 is the blank. */
  readonly tiles: readonly TileSpec[];
  /** Number of tiles in a full bag. */
  readonly totalTiles: number;
}

type Row = readonly [string, number, number, number];

const RAW: Readonly<Record<string, readonly Row[]>> = {
  english: [
    ['?', 2, 0, 0],
    ['A', 9, 1, 1],
    ['B', 2, 3, 0],
    ['C', 2, 3, 0],
    ['D', 4, 2, 0],
    ['E', 12, 1, 1],
    ['F', 2, 4, 0],
    ['G', 3, 2, 0],
    ['H', 2, 4, 0],
    ['I', 9, 1, 1],
    ['J', 1, 8, 0],
    ['K', 1, 5, 0],
    ['L', 4, 1, 0],
    ['M', 2, 3, 0],
    ['N', 6, 1, 0],
    ['O', 8, 1, 1],
    ['P', 2, 3, 0],
    ['Q', 1, 10, 0],
    ['R', 6, 1, 0],
    ['S', 4, 1, 0],
    ['T', 6, 1, 0],
    ['U', 4, 1, 1],
    ['V', 2, 4, 0],
    ['W', 2, 4, 0],
    ['X', 1, 8, 0],
    ['Y', 2, 4, 0],
    ['Z', 1, 10, 0],
  ],
  english_super: [
    ['?', 4, 0, 0],
    ['A', 16, 1, 1],
    ['B', 4, 3, 0],
    ['C', 6, 3, 0],
    ['D', 8, 2, 0],
    ['E', 24, 1, 1],
    ['F', 4, 4, 0],
    ['G', 5, 2, 0],
    ['H', 5, 4, 0],
    ['I', 13, 1, 1],
    ['J', 2, 8, 0],
    ['K', 2, 5, 0],
    ['L', 7, 1, 0],
    ['M', 6, 3, 0],
    ['N', 13, 1, 0],
    ['O', 15, 1, 1],
    ['P', 4, 3, 0],
    ['Q', 2, 10, 0],
    ['R', 13, 1, 0],
    ['S', 10, 1, 0],
    ['T', 15, 1, 0],
    ['U', 7, 1, 1],
    ['V', 3, 4, 0],
    ['W', 4, 4, 0],
    ['X', 2, 8, 0],
    ['Y', 4, 4, 0],
    ['Z', 2, 10, 0],
  ],
  catalan: [
    ['?', 2, 0, 0],
    ['A', 12, 1, 1],
    ['B', 2, 3, 0],
    ['C', 3, 2, 0],
    ['Ç', 1, 10, 10],
    ['D', 3, 2, 0],
    ['E', 13, 1, 1],
    ['F', 1, 4, 0],
    ['G', 2, 3, 0],
    ['H', 1, 8, 0],
    ['I', 8, 1, 1],
    ['J', 1, 8, 0],
    ['L', 4, 1, 0],
    ['L·L', 1, 10, 0],
    ['M', 3, 2, 0],
    ['N', 6, 1, 0],
    ['NY', 1, 10, 0],
    ['O', 5, 1, 1],
    ['P', 2, 3, 0],
    ['QU', 1, 8, 0],
    ['R', 8, 1, 0],
    ['S', 8, 1, 0],
    ['T', 5, 1, 0],
    ['U', 4, 1, 1],
    ['V', 1, 4, 0],
    ['X', 1, 10, 0],
    ['Z', 1, 8, 0],
  ],
  french: [
    ['?', 2, 0, 0],
    ['A', 9, 1, 1],
    ['B', 2, 3, 0],
    ['C', 2, 3, 0],
    ['D', 3, 2, 0],
    ['E', 15, 1, 1],
    ['F', 2, 4, 0],
    ['G', 2, 2, 0],
    ['H', 2, 4, 0],
    ['I', 8, 1, 1],
    ['J', 1, 8, 0],
    ['K', 1, 10, 0],
    ['L', 5, 1, 0],
    ['M', 3, 2, 0],
    ['N', 6, 1, 0],
    ['O', 6, 1, 1],
    ['P', 2, 3, 0],
    ['Q', 1, 8, 0],
    ['R', 6, 1, 0],
    ['S', 6, 1, 0],
    ['T', 6, 1, 0],
    ['U', 6, 1, 1],
    ['V', 2, 4, 0],
    ['W', 1, 10, 0],
    ['X', 1, 10, 0],
    ['Y', 1, 10, 1],
    ['Z', 1, 10, 0],
  ],
  german: [
    ['?', 2, 0, 0],
    ['A', 5, 1, 1],
    ['Ä', 1, 6, 1],
    ['B', 2, 3, 0],
    ['C', 2, 4, 0],
    ['D', 4, 1, 0],
    ['E', 15, 1, 1],
    ['F', 2, 4, 0],
    ['G', 3, 2, 0],
    ['H', 4, 2, 0],
    ['I', 6, 1, 1],
    ['J', 1, 6, 0],
    ['K', 2, 4, 0],
    ['L', 3, 2, 0],
    ['M', 4, 3, 0],
    ['N', 9, 1, 0],
    ['O', 3, 2, 1],
    ['Ö', 1, 8, 1],
    ['P', 1, 4, 0],
    ['Q', 1, 10, 0],
    ['R', 6, 1, 0],
    ['S', 7, 1, 0],
    ['T', 6, 1, 0],
    ['U', 6, 1, 1],
    ['Ü', 1, 6, 1],
    ['V', 1, 6, 0],
    ['W', 1, 3, 0],
    ['X', 1, 8, 0],
    ['Y', 1, 10, 0],
    ['Z', 1, 3, 0],
  ],
  norwegian: [
    ['?', 2, 0, 0],
    ['A', 7, 1, 1],
    ['B', 3, 4, 0],
    ['C', 1, 10, 0],
    ['D', 5, 1, 0],
    ['E', 9, 1, 1],
    ['F', 4, 2, 0],
    ['G', 4, 2, 0],
    ['H', 3, 3, 0],
    ['I', 5, 1, 1],
    ['J', 2, 4, 0],
    ['K', 4, 2, 0],
    ['L', 5, 1, 0],
    ['M', 3, 2, 0],
    ['N', 6, 1, 0],
    ['O', 4, 2, 1],
    ['P', 2, 4, 0],
    ['Q', 0, 0, 0],
    ['R', 6, 1, 0],
    ['S', 6, 1, 0],
    ['T', 6, 1, 0],
    ['U', 3, 4, 1],
    ['V', 3, 4, 0],
    ['W', 1, 8, 0],
    ['X', 0, 0, 0],
    ['Y', 1, 6, 1],
    ['Ü', 0, 0, 1],
    ['Z', 0, 0, 0],
    ['Æ', 1, 6, 1],
    ['Ä', 0, 0, 1],
    ['Ø', 2, 5, 1],
    ['Ö', 0, 0, 1],
    ['Å', 2, 4, 1],
  ],
  polish: [
    ['?', 2, 0, 0],
    ['A', 9, 1, 1],
    ['Ą', 1, 5, 1],
    ['B', 2, 3, 0],
    ['C', 3, 2, 0],
    ['Ć', 1, 6, 0],
    ['D', 3, 2, 0],
    ['E', 7, 1, 1],
    ['Ę', 1, 5, 1],
    ['F', 1, 5, 0],
    ['G', 2, 3, 0],
    ['H', 2, 3, 0],
    ['I', 8, 1, 1],
    ['J', 2, 3, 0],
    ['K', 3, 2, 0],
    ['L', 3, 2, 0],
    ['Ł', 2, 3, 0],
    ['M', 3, 2, 0],
    ['N', 5, 1, 0],
    ['Ń', 1, 7, 0],
    ['O', 6, 1, 1],
    ['Ó', 1, 5, 1],
    ['P', 3, 2, 0],
    ['R', 4, 1, 0],
    ['S', 4, 1, 0],
    ['Ś', 1, 5, 0],
    ['T', 3, 2, 0],
    ['U', 2, 3, 1],
    ['W', 4, 1, 0],
    ['Y', 4, 2, 1],
    ['Z', 5, 1, 0],
    ['Ź', 1, 9, 0],
    ['Ż', 1, 5, 0],
  ],
  spanish: [
    ['?', 2, 0, 0],
    ['A', 12, 1, 1],
    ['B', 2, 3, 0],
    ['C', 4, 3, 0],
    ['[CH]', 1, 5, 0],
    ['D', 5, 2, 0],
    ['E', 12, 1, 1],
    ['F', 1, 4, 0],
    ['G', 2, 2, 0],
    ['H', 2, 4, 0],
    ['I', 6, 1, 1],
    ['J', 1, 8, 0],
    ['L', 4, 1, 0],
    ['[LL]', 1, 8, 0],
    ['M', 2, 3, 0],
    ['N', 5, 1, 0],
    ['Ñ', 1, 8, 0],
    ['O', 9, 1, 1],
    ['P', 2, 3, 0],
    ['Q', 1, 5, 0],
    ['R', 5, 1, 0],
    ['[RR]', 1, 8, 0],
    ['S', 6, 1, 0],
    ['T', 4, 1, 0],
    ['U', 5, 1, 1],
    ['V', 1, 4, 0],
    ['X', 1, 8, 0],
    ['Y', 1, 4, 0],
    ['Z', 1, 10, 0],
  ],
};

const build = (name: string, rows: readonly Row[]): LetterDistribution => {
  const tiles = rows.map(([raw, count, points, vowel]): TileSpec => {
    const bracketOnly = raw.length > 2 && raw.startsWith('[') && raw.endsWith(']');
    const upper = bracketOnly ? raw.slice(1, -1) : raw;
    return { name: upper, lowerName: upper.toLowerCase(), count, points, vowel: vowel === 1, bracketOnly };
  });
  return { name, tiles, totalTiles: tiles.reduce((n, t) => n + t.count, 0) };
};

/** Every distribution tabula knows, by `ld` name. */
export const DISTRIBUTIONS: Readonly<Record<string, LetterDistribution>> = Object.fromEntries(
  Object.entries(RAW).map(([name, rows]) => [name, build(name, rows)]),
);

/** The names of all known distributions, in a fixed order (english first). */
export const DISTRIBUTION_NAMES: readonly string[] = Object.keys(DISTRIBUTIONS);

/** The distribution used when neither `ld` nor the lexicon names one. */
export const DEFAULT_DISTRIBUTION = 'english';

/** Looks a distribution up by name, case-insensitively; undefined when unknown. */
export const distributionByName = (name: string): LetterDistribution | undefined =>
  DISTRIBUTIONS[name] ?? DISTRIBUTIONS[name.toLowerCase()];

/** Lexicon-name prefixes (lower case) and the distribution each implies (word-golib's table, restricted to the distributions shipped here). */
const LEXICON_PREFIXES: readonly (readonly [string, string])[] = [
  ['nwl', 'english'],
  ['nswl', 'english'],
  ['twl', 'english'],
  ['owl', 'english'],
  ['csw', 'english'],
  ['america', 'english'],
  ['cel', 'english'],
  ['ecwl', 'english'],
  ['iwi', 'english'],
  ['ospd', 'english'],
  ['osps', 'polish'],
  ['nsf', 'norwegian'],
  ['fra', 'french'],
  ['rd', 'german'],
  ['deutsch', 'german'],
  ['cgl', 'german'],
  ['disc', 'catalan'],
  ['fise', 'spanish'],
  ['file', 'spanish'],
];

/** The distribution a lexicon name implies by its prefix (e.g. `OSPS49` → `polish`), or undefined. */
export const distributionForLexicon = (lexicon: string): string | undefined => {
  const lower = lexicon.toLowerCase();
  for (const [prefix, name] of LEXICON_PREFIXES) if (lower.startsWith(prefix)) return name;
  return undefined;
};

/** The sum of the face values of the given tile codes (blanks and designated blanks score 0). */
export const tilePoints = (dist: LetterDistribution, codes: readonly number[]): number => {
  let sum = 0;
  for (const c of codes) if (c < 0x80) sum += dist.tiles[c]?.points ?? 0;
  return sum;
};
