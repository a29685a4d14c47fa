/**
 * Texts an import stores in an indexed column (players, events, analysis programs and rulesets)
 * are bounded: a B-tree index row holds at most about 8 KB, so a 10,000-letter `White` tag would
 * fail the whole import with PostgreSQL's "index row requires ... bytes". Longer texts are cut to
 * MAX_STORED_TEXT characters and a warning names the game, the line in it and the field.
 */
import type { GameRecord, ImportChunk, ImportWarning } from '../db/records';

/** Longest text stored in an indexed column, in characters. */
export const MAX_STORED_TEXT = 1000;

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

const cut = (value: string): string => value.slice(0, MAX_STORED_TEXT);

const truncated = (what: string, field: string, length: number, line?: number): string =>
  `${what}${line === undefined ? '' : `, line ${line} of the game`}: ${field} is ${length.toLocaleString('en-US')} characters long; ` +
  `the first ${MAX_STORED_TEXT.toLocaleString('en-US')} are stored`;

/** Cuts a game's over-long indexed texts in place; the warnings say what was cut. */
const limitGame = (game: GameRecord, gameIndex: number): ImportWarning[] => {
  const warnings: ImportWarning[] = [];
  const what = `game ${gameIndex + 1}`;
  for (const field of GAME_FIELDS) {
    const value = game[field];
    if (typeof value !== 'string' || value.length <= MAX_STORED_TEXT) continue;
    warnings.push({ gameIndex, code: 'TEXT_TRUNCATED', message: truncated(what, field, value.length, lineInGame(game.source, value)) });
    game[field] = cut(value);
  }
  // Both sides' summaries name the same program and settings: one warning per field.
  const cutFields = new Set<string>();
  for (const analysis of game.analysis ?? []) {
    for (const field of ['program', 'ruleset'] as const) {
      const value = analysis[field];
      if (value.length <= MAX_STORED_TEXT) continue;
      if (!cutFields.has(field)) warnings.push({ gameIndex, code: 'TEXT_TRUNCATED', message: truncated(what, `analysis ${field}`, value.length) });
      cutFields.add(field);
      analysis[field] = cut(value);
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
    const long = (chunk.scores ?? []).filter((score) => score[field].length > MAX_STORED_TEXT);
    if (long.length === 0) continue;
    const length = long.reduce((most, score) => Math.max(most, score[field].length), 0);
    const what = `${long.length.toLocaleString('en-US')} score${long.length === 1 ? '' : 's'} (the first for the position ${long[0].positionKey.slice(0, 40)})`;
    warnings.push({ code: 'TEXT_TRUNCATED', message: truncated(what, field, length) });
    for (const score of long) score[field] = cut(score[field]);
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
