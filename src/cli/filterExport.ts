/**
 * `tabula export --format pgn --player Carlsen --since 2020 …`: every game the filter options keep,
 * in id order, streamed to `--out` (or standard output) page by page with the progress bar: the
 * same games and bytes as `GET /export` with the same filter (src/storage/exportGames.ts).
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import type { Database } from '../db/database';
import type { GameKind } from '../db/records';
import { GAME_KINDS, exportFormats, isGameKind } from '../games/index';
import { exportPages, kindsWrittenAs, writtenQuery } from '../storage/exportGames';
import { NDJSON } from '../storage/exportPage';
import { type GameQuery, countGames, filterDay } from '../storage/games';
import type { Side } from '../storage/gameFilter';
import { SPEEDS, type Speed } from '../games/speed';
import { formatCount } from './numbers';
import { createProgress } from './progress';
import { positionsNamed, queryReaching, storedPlySource } from '../storage/reachedPositions';
import { UsageError, idOption } from './usage';

/** The filter options of `tabula export`, as commander gives them. */
export interface FilterOptionsCli {
  kind?: string;
  player?: string;
  event?: string;
  since?: string;
  until?: string;
  result?: string;
  text?: string;
  import?: string;
  minRating?: string;
  maxRating?: string;
  speed?: string;
  side?: string;
  eco?: string;
  minPlies?: string;
  maxPlies?: string;
  position?: string;
}

/** The options that make an export one by filter (`--import` alone keeps its own meaning: one import in file order). */
export const FILTER_OPTIONS = [
  'kind', 'player', 'event', 'since', 'until', 'result', 'text', 'minRating', 'maxRating', 'speed', 'side', 'eco', 'minPlies', 'maxPlies', 'position',
] as const;

/** The filter options but `--kind` and `--import` (each command says what those are to it), as `--help` lists them. */
const FILTER_OPTION_HELP: readonly [flags: string, help: string][] = [
  ['--player <text>', 'filter: a player whose name contains this text (any case)'],
  ['--event <text>', 'filter: an event whose name contains this text (any case)'],
  ['--since <date>', 'filter: played on or after this day (YYYY, YYYY-MM or YYYY-MM-DD: its first day)'],
  ['--until <date>', 'filter: played on or before this day (YYYY, YYYY-MM or YYYY-MM-DD: its last day)'],
  ['--result <text>', 'filter: exactly this result text (1-0, B+R, ...)'],
  ['--text <text>', "filter: a player's, the event's or the site's name contains this text"],
  ['--min-rating <n>', 'filter: the mean of the two ratings is at least n (a game without both ratings is out)'],
  ['--max-rating <n>', 'filter: the mean of the two ratings is at most n'],
  ['--speed <speeds>', 'filter: ultrabullet, bullet, blitz, rapid, classical, correspondence, comma-separated (blitz,rapid)'],
  ['--side <side>', 'filter: with --player, the side that player had: first (White in chess, Black in Go) or second'],
  ['--eco <code>', 'filter: an ECO code or its prefix (B90, B9)'],
  ['--min-plies <n>', 'filter: at least n plies on the main line'],
  ['--max-plies <n>', 'filter: at most n plies on the main line'],
  ['--position <text>', 'filter: games that reached this position (a FEN, a key, a Position ID: any form findPositions reads)'],
];

/** `command` with the filter options (`filterQuery` reads them): `tabula export` and `tabula search` take the same. */
export const withFilterOptions = (command: Command): Command => {
  for (const [flags, help] of FILTER_OPTION_HELP) command.option(flags, help);
  return command;
};

/** Whether any filter option was given. */
export const hasFilterOption = (values: FilterOptionsCli): boolean => FILTER_OPTIONS.some((name) => values[name] !== undefined);

/** The sides `--side` takes. */
const SIDES: readonly Side[] = ['FIRST', 'SECOND'];

/** Formats and kinds as the command line spells them: `go-positions`, `chess`. */
const cliName = (name: string): string => name.toLowerCase().replace(/_/g, '-');

/** A `--since`/`--until` date (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`) as its first or last day, else a usage error naming the option. */
const dateOption = (option: string, text: string, end: 'from' | 'until'): Date => {
  const day = filterDay(text, end);
  if (!day) throw new UsageError(`${option} takes a year, month or day (YYYY, YYYY-MM or YYYY-MM-DD), got "${text}"`);
  return day;
};

/** A text option: refused when empty or holding a NUL (PostgreSQL text cannot). */
const textOption = (option: string, text: string | undefined): string | undefined => {
  if (text === undefined) return undefined;
  if (text === '' || text.includes('\u0000')) throw new UsageError(`${option} takes a non-empty text`);
  return text;
};

/** A whole-number option (`--min-rating`, `--max-plies`): 0 or more, else a usage error naming it. */
const countOption = (option: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d{1,9}$/.test(text.trim())) throw new UsageError(`${option} takes a whole number, got "${text}"`);
  return Number(text);
};

/** `--speed blitz,rapid`: speeds, any case, comma-separated. */
const speedsOption = (text: string | undefined): Speed[] | undefined => {
  if (text === undefined) return undefined;
  const names = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const speeds = names.map((name) => SPEEDS.find((speed) => speed === name.toUpperCase()));
  const bad = names.find((_, i) => speeds[i] === undefined);
  if (bad !== undefined || names.length === 0) {
    throw new UsageError(`--speed takes one or more of ${SPEEDS.map(cliName).join(', ')}, comma-separated, got "${bad ?? text}"`);
  }
  return [...new Set(speeds as Speed[])];
};

/** `--side first|second`: the side `--player` had. */
const sideOption = (text: string | undefined, player: string | undefined): Side | undefined => {
  if (text === undefined) return undefined;
  const side = SIDES.find((s) => s === text.trim().toUpperCase());
  if (!side) throw new UsageError(`--side takes first (White in chess, Black in Go) or second, got "${text}"`);
  if (player === undefined) throw new UsageError('--side needs --player: the side of which player');
  return side;
};

/** `--eco B9`: an ECO code or its prefix. */
const ecoOption = (text: string | undefined): string | undefined => {
  if (text === undefined) return undefined;
  const eco = text.trim().toUpperCase();
  if (!/^[A-E](\d\d?)?$/.test(eco)) throw new UsageError(`--eco takes an ECO code or its prefix (A..E then up to two digits: B90, B9, B), got "${text}"`);
  return eco;
};

/** The filter options as the storage query, each checked; a bad one is a usage error naming its option. */
export const filterQuery = (values: FilterOptionsCli): GameQuery => {
  let kind: GameKind | undefined;
  if (values.kind !== undefined) {
    const upper = values.kind.toUpperCase();
    if (!isGameKind(upper)) throw new UsageError(`--kind takes one of ${GAME_KINDS.map(cliName).join(', ')}, got "${values.kind}"`);
    kind = upper;
  }
  const player = textOption('--player', values.player);
  return {
    kind,
    player,
    playerSide: sideOption(values.side, player),
    event: textOption('--event', values.event),
    playedFrom: values.since === undefined ? undefined : dateOption('--since', values.since, 'from'),
    playedTo: values.until === undefined ? undefined : dateOption('--until', values.until, 'until'),
    result: textOption('--result', values.result),
    text: textOption('--text', values.text),
    importId: values.import === undefined ? undefined : idOption('--import', values.import),
    minRating: countOption('--min-rating', values.minRating),
    maxRating: countOption('--max-rating', values.maxRating),
    speeds: speedsOption(values.speed),
    eco: ecoOption(values.eco),
    minPlies: countOption('--min-plies', values.minPlies),
    maxPlies: countOption('--max-plies', values.maxPlies),
  };
};

/**
 * `query` narrowed to the games that reached `--position` (any form `findPositions` reads), when
 * given: read with the database open, as the API reads `GameFilter.position`; a text that names no
 * position is a usage error.
 */
export async function positionFilter(db: Database, query: GameQuery, position: string | undefined): Promise<GameQuery> {
  const text = textOption('--position', position);
  if (text === undefined) return query;
  const source = storedPlySource(db);
  const named = await positionsNamed(db, source, text);
  if (!named.ok) throw new UsageError(`--position: ${named.reason}`);
  return queryReaching(db, source, query, named.keys);
}

/** Refuses a `--kind` whose games `format` cannot hold, saying which formats can. */
export const checkKindWritten = (query: GameQuery, format: string, given: string): void => {
  if (query.kind === undefined || kindsWrittenAs(format).includes(query.kind)) return;
  const kind = cliName(query.kind);
  throw new UsageError(`${kind} games cannot be written as ${given}; ${kind} games can be written as: ${[...exportFormats(query.kind), NDJSON].map(cliName).join(', ')}`);
};

/** Waits until `out` takes more, or fails. */
const drained = (out: NodeJS.WritableStream): Promise<void> =>
  new Promise((resolve, reject) => {
    const done = (error?: unknown) => {
      out.off('drain', done);
      out.off('error', done);
      if (error) reject(error);
      else resolve();
    };
    out.on('drain', done);
    out.on('error', done);
  });

/**
 * Streams every game `query` keeps in `format` to `out` (standard output when absent) and says
 * what it wrote; the exit status is 1 when games were left out (the format cannot hold them, or
 * they cannot be read back), unless `allowSkips`.
 */
export async function exportByFilter(db: Database, query: GameQuery, format: string, options: { out?: string; allowSkips?: boolean }): Promise<number> {
  const written = writtenQuery(query, format);
  const total = written ? await countGames(db, written) : 0;
  // Nothing to write is said, not written: an empty file would look like a successful export.
  if (total === 0) throw new Error(`no game that can be written as ${cliName(format)} matches the filter: nothing written`);
  const out = options.out ? fs.createWriteStream(options.out) : process.stdout;
  const progress = createProgress(options.out ?? 'export', total, 'games');
  let games = 0;
  let bytes = 0;
  const skipped: string[] = [];
  try {
    for await (const page of exportPages(db, query, format)) {
      for (const game of page.skipped) skipped.push(`  game ${game.id} left out: ${game.message}`);
      games += page.games;
      bytes += Buffer.byteLength(page.text);
      progress.advance(page.games + page.skipped.length);
      if (page.text !== '' && !out.write(page.text)) await drained(out);
    }
    if (options.out) await new Promise<void>((resolve, reject) => (out as fs.WriteStream).end((error?: Error | null) => (error ? reject(error) : resolve())));
    progress.done();
  } finally {
    progress.stop();
  }
  // What was written (on standard error when the export itself goes to standard output).
  const said = `${options.out ?? 'standard output'}: ${formatCount(games)} game${games === 1 ? '' : 's'} as ${format}, ${formatCount(bytes)} bytes`;
  if (options.out) console.log(said);
  else console.error(said);
  for (const line of skipped) console.error(line);
  if (skipped.length === 0) return 0;
  const n = skipped.length;
  console.error(`${n} game${n === 1 ? '' : 's'} could not be written as ${cliName(format)} and ${n === 1 ? 'was' : 'were'} left out` + (options.allowSkips ? '' : ': exiting with status 1 (pass --allow-skips to accept an export that leaves games out)'));
  return options.allowSkips ? 0 : 1;
}
