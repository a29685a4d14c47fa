/**
 * Chess opening names: the lichess chess-openings table shipped in `samples/chess/openings/`
 * (`a.tsv` … `e.tsv`, CC0), each line replayed from the standard start to its position and kept
 * under that position's Polyglot key (the key chess positions are stored under), so a name is
 * found however the position was reached.
 *
 * Two rules are lichess's (scalachess `chess.opening.OpeningDb`):
 * - where several lines reach one position, the one read last (in the order `a.tsv` … `e.tsv`,
 *   top to bottom) names it: scalachess keys its table with `all.mapBy(_.fen)`, a map built in
 *   table order in which a later line replaces an earlier one under the same position;
 * - a line is named by the last named position on it (`searchInPositions`), looking at most
 *   `OPENING_SEARCH_MAX_PLIES` moves deep, so a transposition reaches the same name.
 *
 * Parsing (`parseOpeningsTsv`) and building (`buildOpeningTable`) are pure; the files are read in
 * one place (`readShippedOpenings`), once, on first use.
 */
import fs from 'node:fs';
import path from 'node:path';
import { makeMove, parseSan, polyglotKey, standardPosition } from '../../codecs/chess';
import type { GameModule, Opening } from '../types';

export type { Opening };

/** A line of the table, with where it was read (for the error a broken table throws). */
export interface OpeningRow extends Opening {
  file: string;
  line: number;
}

/** The table: each named position's opening by Polyglot key, and the number of lines read. */
export interface OpeningTable {
  byKey: ReadonlyMap<string, Opening>;
  rows: number;
}

/** The table's columns, as its first line names them. */
const HEADER = 'eco\tname\tpgn';

/** The files of the table, in lichess's order. */
export const OPENING_FILES = ['a.tsv', 'b.tsv', 'c.tsv', 'd.tsv', 'e.tsv'] as const;

/** How many moves deep a line is searched for its name (scalachess `OpeningDb.SEARCH_MAX_PLIES`). */
export const OPENING_SEARCH_MAX_PLIES = 40;

/** The Polyglot key of the standard start, which a line's keys may begin with. */
const START_KEY = polyglotKey(standardPosition());

/**
 * The rows of one file of the table (`eco`, `name`, `pgn` separated by tabs, under that header
 * line). Throws on a header or a line that is not in that form: the table is shipped data.
 */
export function parseOpeningsTsv(text: string, file = 'openings.tsv'): OpeningRow[] {
  const lines = text.split('\n');
  if (lines[0]?.replace(/\r$/, '') !== HEADER) throw new Error(`${file}: the first line is not the header ${JSON.stringify(HEADER)}`);
  const rows: OpeningRow[] = [];
  lines.slice(1).forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line === '') return;
    const cols = line.split('\t');
    if (cols.length !== 3 || cols.some((c) => c.trim() === '')) throw new Error(`${file} line ${i + 2}: expected eco, name and pgn separated by tabs`);
    const [eco, name, moves] = cols;
    rows.push({ eco, name, moves, file, line: i + 2 });
  });
  return rows;
}

/** The SAN moves of a line's movetext (`1. e4 c5 2. Nf3`), move numbers left out. */
const sanMoves = (movetext: string): string[] => movetext.split(/\s+/).filter((t) => t !== '' && !/^\d+\.+$/.test(t));

/** The Polyglot key of the position a row's moves reach from the standard start; throws on a move that does not play. */
export function keyOfOpeningRow(row: OpeningRow): string {
  const pos = standardPosition();
  for (const san of sanMoves(row.moves)) {
    const move = parseSan(pos, san);
    if (!move.ok) throw new Error(`${row.file} line ${row.line}: ${move.error.message}`);
    makeMove(pos, move.value);
  }
  return polyglotKey(pos);
}

/** The table of rows: each row under the key of its position, a later row replacing an earlier one there (lichess's rule). */
export function buildOpeningTable(rows: readonly OpeningRow[]): OpeningTable {
  const byKey = new Map<string, Opening>();
  for (const row of rows) byKey.set(keyOfOpeningRow(row), { eco: row.eco, name: row.name, moves: row.moves });
  return { byKey, rows: rows.length };
}

/** A position's own name in `table`, or null. */
export const openingOfPositionIn = (table: OpeningTable, key: string): Opening | null => table.byKey.get(key) ?? null;

/**
 * The opening of a line from the standard start in `table`: the last named position among its
 * first `OPENING_SEARCH_MAX_PLIES` moves, or null. `keys` are the positions in order, the
 * start's first or left out (the start cannot recur as the position after one move).
 */
export function openingOfLineIn(table: OpeningTable, keys: readonly string[]): Opening | null {
  const first = keys[0] === START_KEY ? 1 : 0;
  const end = Math.min(keys.length, first + OPENING_SEARCH_MAX_PLIES);
  for (let i = end - 1; i >= first; i--) {
    const named = table.byKey.get(keys[i]);
    if (named) return named;
  }
  return null;
}

/** The table's folder inside the checkout. */
const OPENINGS_PATH = path.join('samples', 'chess', 'openings');

/**
 * Where the table is shipped: `samples/chess/openings/` of the checkout, found from this file's
 * folder upwards, so it is found from `src/games/chess`, from `dist/games/chess` and from a bundle
 * in `dist/bench` alike (the image copies the folder beside `dist/`).
 */
export function openingsDir(from: string = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, OPENINGS_PATH);
    if (fs.existsSync(path.join(candidate, OPENING_FILES[0]))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`the opening names (${OPENINGS_PATH}) are not found above ${from}`);
  }
}

/** The rows of the shipped table, read from its files: the one place this module reads files. */
export const readShippedOpenings = (dir: string = openingsDir()): OpeningRow[] =>
  OPENING_FILES.flatMap((file) => parseOpeningsTsv(fs.readFileSync(path.join(dir, file), 'utf8'), file));

let shipped: OpeningTable | undefined;

/** The shipped table, read and built on first use. */
export const shippedOpenings = (): OpeningTable => (shipped ??= buildOpeningTable(readShippedOpenings()));

/** A position's own name in the shipped table (lichess's opening names), or null. */
export const openingOfPosition = (key: string): Opening | null => openingOfPositionIn(shippedOpenings(), key);

/** The opening of a line from the standard start by the shipped table (the last named position on it), or null. */
export const openingOfLine = (keys: readonly string[]): Opening | null => openingOfLineIn(shippedOpenings(), keys);

/** The chess module's opening names (`GameModule.openings`). */
export const chessOpenings: NonNullable<GameModule['openings']> = { ofPosition: openingOfPosition, ofLine: openingOfLine };
