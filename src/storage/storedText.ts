/**
 * Texts an import stores in an indexed column (players, events, analysis programs and rulesets)
 * are bounded: a B-tree index entry holds at most 2,704 bytes, so a 10,000-letter `White` tag (or
 * 1,000 CJK letters, 3,000 bytes) would fail the whole import with PostgreSQL's "index row size
 * ... exceeds btree version 4 maximum 2704". Longer texts are cut to MAX_STORED_TEXT_BYTES bytes
 * of UTF-8, on a character boundary, and a warning names the game, the line in it and the field.
 * The widest index holding such texts holds two of them (Score's and PlayerAnalysis's program and
 * ruleset): 2 x 1,000 bytes plus the other columns and headers stays under 2,704.
 */
import type { GameRecord, ImportChunk, ImportWarning } from '../db/records';
import { importWarning } from './warningList';

/** Longest import option, in characters (options are not indexed). */
export const MAX_STORED_TEXT = 1000;

/** Longest text stored in an indexed column, in bytes of UTF-8. */
export const MAX_STORED_TEXT_BYTES = 1000;

/** The indexed text fields of a game record. */
const GAME_FIELDS = ['player1', 'player2', 'event'] as const;

/** The line (from 1) of the game's own text where `value` starts, when it can be found there. */
const lineInGame = (source: Uint8Array, value: string): number | undefined => {
  const text = Buffer.from(source.buffer, source.byteOffset, source.byteLength).toString('utf8');
  const at = text.indexOf(value.slice(0, 100));
  if (at < 0) return undefined;
  let line = 1;
  for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
};

/** Whether a text is too long to store in an index: more than MAX_STORED_TEXT_BYTES bytes of UTF-8. */
const tooLong = (value: string): boolean =>
  // A UTF-16 unit is at most 3 bytes of UTF-8 (a pair, 2 units, is 4): short texts need no count.
  value.length * 3 > MAX_STORED_TEXT_BYTES && Buffer.byteLength(value, 'utf8') > MAX_STORED_TEXT_BYTES;

/** The longest start of `value` of at most MAX_STORED_TEXT_BYTES bytes of UTF-8, ending on a character boundary. */
export const cutToBytes = (value: string): string => {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length <= MAX_STORED_TEXT_BYTES) return value;
  let end = MAX_STORED_TEXT_BYTES;
  // Back off over continuation bytes (10xxxxxx) so the cut falls before a character's first byte.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
};

const amount = (value: string): string => {
  const chars = [...value].length.toLocaleString('en-US');
  const bytes = Buffer.byteLength(value, 'utf8').toLocaleString('en-US');
  return `${chars} characters (${bytes} bytes)`;
};

const truncated = (what: string, field: string, value: string, line?: number): string =>
  `${what}${line === undefined ? '' : `, line ${line} of the game`}: ${field} is ${amount(value)} long; ` +
  `the first ${amount(cutToBytes(value))} are stored`;

/** Cuts a game's over-long indexed texts in place; the warnings say what was cut. */
const limitGame = (game: GameRecord, gameIndex: number): ImportWarning[] => {
  const warnings: ImportWarning[] = [];
  const what = `game ${gameIndex + 1}`;
  for (const field of GAME_FIELDS) {
    const value = game[field];
    if (typeof value !== 'string' || !tooLong(value)) continue;
    warnings.push(importWarning('TEXT_TRUNCATED', truncated(what, field, value, lineInGame(game.source, value)), { gameIndex }));
    game[field] = cutToBytes(value);
  }
  // Both sides' summaries name the same program and settings: one warning per field.
  const cutFields = new Set<string>();
  for (const analysis of game.analysis ?? []) {
    for (const field of ['program', 'ruleset'] as const) {
      const value = analysis[field];
      if (!tooLong(value)) continue;
      if (!cutFields.has(field)) warnings.push(importWarning('TEXT_TRUNCATED', truncated(what, `analysis ${field}`, value), { gameIndex }));
      cutFields.add(field);
      analysis[field] = cutToBytes(value);
    }
  }
  return warnings;
};

/**
 * Cuts every over-long indexed text of a chunk in place (`gameIndexBase`: the file index of its
 * first game) and returns the warnings naming each one.
 */
export const limitStoredTexts = (chunk: ImportChunk, gameIndexBase: number): ImportWarning[] => {
  const warnings = (chunk.games ?? []).flatMap((game, i) => limitGame(game, gameIndexBase + i));
  // A program named once per file is on every score it gave: one warning per field, with the count.
  for (const field of ['program', 'ruleset'] as const) {
    const long = (chunk.scores ?? []).filter((score) => tooLong(score[field]));
    if (long.length === 0) continue;
    const longest = long.reduce((most, score) => (Buffer.byteLength(score[field], 'utf8') > Buffer.byteLength(most, 'utf8') ? score[field] : most), '');
    const what = `${long.length.toLocaleString('en-US')} score${long.length === 1 ? '' : 's'} (the first for the position ${long[0].positionKey.slice(0, 40)})`;
    warnings.push(importWarning('TEXT_TRUNCATED', truncated(what, field, longest)));
    for (const score of long) score[field] = cutToBytes(score[field]);
  }
  return warnings;
};

/** Import options that may be long: JOSE's comment list (base64 of the comments), not stored in an index. */
const LONG_OPTIONS = new Set(['gameTextComments']);

/** The first import option longer than MAX_STORED_TEXT (its name and length), or undefined. */
export const overlongOption = (options: Readonly<Record<string, string | undefined>>): { name: string; length: number } | undefined => {
  for (const [name, value] of Object.entries(options)) {
    if (!LONG_OPTIONS.has(name) && typeof value === 'string' && value.length > MAX_STORED_TEXT) return { name, length: value.length };
  }
  return undefined;
};

/** The message refusing an over-long import option. */
export const overlongOptionMessage = ({ name, length }: { name: string; length: number }): string =>
  `option ${name} is ${length.toLocaleString('en-US')} characters long; at most ${MAX_STORED_TEXT.toLocaleString('en-US')} are allowed`;
