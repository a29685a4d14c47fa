/**
 * One page of an export, written: each game of a page of rows in one format (a game format, through
 * its game's writer, exactly as `Game.export(format:)` writes it, or NDJSON: one JSON object of the
 * game's attributes a line). Pure: the rows in, the text out; `exportPages` (exportGames.ts) runs
 * it on the request's thread or in a worker (pageWriters.ts).
 */
import type { GameKind } from '../db/records';
import type { Game } from '../generated/prisma/client';
import { writerFor } from '../games/index';
import type { WriteResult } from '../games/formats';
import { gameOpening } from './games';

/** The format of one game a line as JSON, besides the game formats. */
export const NDJSON = 'NDJSON';

/** An opening as the line gives it: its ECO code and name. */
const openingLine = (opening: { eco: string; name: string } | null) => (opening ? { eco: opening.eco, name: opening.name } : null);

/**
 * A game's attributes as one line of NDJSON (no newline): the fields `Game` answers in GraphQL,
 * named and valued as there (ids as decimal strings, the date as written). The one place a field
 * of the NDJSON export is added.
 */
export const gameLine = (game: Game): string =>
  JSON.stringify({
    id: String(game.id),
    kind: game.kind,
    sourceFormat: game.sourceFormat,
    player1: game.player1,
    player2: game.player2,
    event: game.event,
    site: game.site,
    round: game.round,
    date: game.dateText,
    result: game.result,
    matchLength: game.matchLength,
    gameNumber: game.gameNumber,
    indexInFile: game.indexInFile,
    importId: game.importId === null ? null : String(game.importId),
    player1Rating: game.player1Rating,
    player2Rating: game.player2Rating,
    speed: game.speed,
    plyCount: game.plyCount,
    opening: openingLine(gameOpening(game)),
  });

/** A game an export left out: the format cannot hold it, or its stored form cannot be read; `message` says which. */
export interface SkippedGame {
  id: bigint;
  message: string;
}

/** One page of an export: the text of its games, each ending in a newline, and the games left out of it. */
export interface ExportPage {
  text: string;
  /** Games written on this page. */
  games: number;
  skipped: SkippedGame[];
}

/** How one game is written in `format`: its game's writer, or its NDJSON line. */
const writeGame = (format: string, game: Game): WriteResult => {
  if (format === NDJSON) return { ok: true, value: gameLine(game) };
  const write = writerFor(game.kind as GameKind, format);
  if (!write) return { ok: false, error: { cause: 'stored', message: `${game.kind} games cannot be written as ${format}` } };
  return write(game);
};

/**
 * A page of rows written in `format`: each game's text followed by a newline unless it ends in one
 * (a binary format's base64 is one line a game). A game its writer refuses (a set-up backgammon
 * game as MAT, a chess variant as GameText, a stored game that cannot be read back) is left out
 * and named in `skipped`.
 */
export function writePage(format: string, rows: readonly Game[]): ExportPage {
  const texts: string[] = [];
  const skipped: SkippedGame[] = [];
  for (const game of rows) {
    const written = writeGame(format, game);
    if (written.ok) texts.push(written.value.endsWith('\n') ? written.value : `${written.value}\n`);
    else skipped.push({ id: game.id, message: written.error.cause === 'format' ? written.error.error.message : written.error.message });
  }
  return { text: texts.join(''), games: texts.length, skipped };
}
