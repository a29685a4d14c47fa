/**
 * Export by filter: every game a `GameQuery` keeps, in id order, written page by page in one
 * format: a game format (each game exactly as `Game.export(format:)` writes it, through its game's
 * writer) or NDJSON (one JSON object a line per game: its attributes, `gameLine`). The HTTP route
 * (`GET /export`) and `tabula export` both stream `exportPages`.
 */
import type { Database } from '../db/database';
import type { GameKind } from '../db/records';
import { GAME_KINDS, exportFormats, writerFor } from '../games/index';
import { type ExportPage, NDJSON } from './exportPage';
import { EXPORT_PAGE, type GameQuery, gamesInIdOrder } from './games';
import { type PageWriters, pageWriters } from './pageWriters';

/** What an export by filter can be written in: every game format some game can be written in, and NDJSON. */
export const filterExportFormats = (): string[] => [...exportFormats(), NDJSON];

/** The kinds whose games `format` can hold (every kind for NDJSON; none for a format no game is written in). */
export const kindsWrittenAs = (format: string): GameKind[] =>
  format === NDJSON ? [...GAME_KINDS] : GAME_KINDS.filter((kind) => writerFor(kind, format) !== undefined);

/** `query` narrowed to the games `format` can hold (their kinds); null when it keeps none of them. */
export const writtenQuery = (query: GameQuery, format: string): GameQuery | null => {
  const kinds = kindsWrittenAs(format).filter((kind) => query.kind === undefined || kind === query.kind);
  if (kinds.length === 0) return null;
  return kinds.length === GAME_KINDS.length ? query : { ...query, kinds };
};

/**
 * Every game `query` keeps, of the kinds `format` can hold (`kindsWrittenAs`), in id order, written
 * one page of rows at a time (`writePage`) by `writers` (default the process's: worker threads, see
 * pageWriters.ts), a few pages in flight while the next rows are read, and yielded in order. A game
 * its writer refuses is left out and named in the page's `skipped`. Stopping early reads no further.
 */
export async function* exportPages(db: Database, query: GameQuery, format: string, pageSize = EXPORT_PAGE, writers: PageWriters = pageWriters()): AsyncGenerator<ExportPage> {
  const narrowed = writtenQuery(query, format);
  if (!narrowed) return;
  const inFlight: Promise<ExportPage>[] = [];
  for await (const rows of gamesInIdOrder(db, narrowed, pageSize)) {
    const page = writers.write(format, rows);
    // A page written ahead that nobody waits for (the export stopped) must not fail unhandled.
    page.catch(() => undefined);
    inFlight.push(page);
    if (inFlight.length >= writers.parallel) yield await inFlight.shift()!;
  }
  while (inFlight.length > 0) yield await inFlight.shift()!;
}
