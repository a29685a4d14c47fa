/**
 * Export by filter over HTTP (issue 27, speed goal 3; compiled by bench/run.sh, run by
 * `BENCH_ONLY=export npm run bench`, not by default): `GET /export?format=PGN` of a stored chess
 * collection, read by this process as fast as it comes, with the server's memory before and after.
 *
 * The schema is BENCH_EXPORT_SCHEMA (default bench_export). If its "Game" table already holds
 * games they are used as they are (BENCH_EXPORT_SCHEMA=bench_scale measures a kept scale corpus);
 * otherwise BENCH_EXPORT_GAMES games (default 20,000) of the suite's corpus (bench/chessGames.ts)
 * are generated and imported through the CLI, and the schema is dropped at the end unless
 * BENCH_EXPORT_KEEP=1.
 *
 * Then it starts tabula (`src/server/main.js`, its own process) and exports every game as PGN
 * four times (the first two warm the server), then the games of player `P005` (White in a
 * hundredth of the corpus's games) and every game as NDJSON. It prints:
 *   export-pgn       games/s and MB/s of the faster of the third and fourth whole exports (goal
 *                    ≥ 20,000 games/s), the games counted in the stream (must be every stored
 *                    game), and the server's RSS when ready (before any export), after the second
 *                    and the fourth export, and its peak. Memory is flat when the RSS after the
 *                    fourth export is no more than after the second: twice as many games written,
 *                    no more memory (goal: serverRssGrowthMb ≤ 32, the noise of the heap's sizing)
 *   export-pgn-player  the same for `filter={"player":"P005"}`
 *   export-ndjson    games/s of the whole collection as NDJSON
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { writePgnFile } from './chessGames';
import { BUILD_ROOT, DATABASE_URL, cliImport, dropSchema, emit, peakRssMb, round, startProcess, stopProcess, storedGames, withClient } from './common';

const SCHEMA = process.env.BENCH_EXPORT_SCHEMA || 'bench_export';
const GAMES = Number(process.env.BENCH_EXPORT_GAMES || 20_000);
const KEEP = process.env.BENCH_EXPORT_KEEP === '1';
const PORT = 4521;

/** Resident set size (VmRSS) of a live process now, in MB. */
const rssMb = (pid: number): number => {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb === undefined ? NaN : Number(kb) / 1024;
};

/** How many times `needle` occurs in `chunk`, counting one that straddles the previous chunk's end (`tail`). */
const countIn = (tail: Buffer, chunk: Buffer, needle: Buffer): number => {
  const joined = tail.length ? Buffer.concat([tail, chunk]) : chunk;
  let n = 0;
  for (let at = joined.indexOf(needle); at >= 0; at = joined.indexOf(needle, at + 1)) n++;
  return n;
};

/** Streams one export to its end: seconds, bytes, and the games counted by `marker` (the start of each). */
async function exportOnce(url: string, marker: string): Promise<{ seconds: number; bytes: number; games: number }> {
  const started = performance.now();
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  const needle = Buffer.from(marker);
  let bytes = 0;
  let games = 0;
  let tail = Buffer.alloc(0);
  for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
    const chunk = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    bytes += chunk.length;
    games += countIn(tail, chunk, needle);
    // Keep the last bytes (fewer than the marker's length) for a marker cut across two chunks.
    tail = Buffer.from(chunk.subarray(Math.max(0, chunk.length - needle.length + 1)));
  }
  return { seconds: (performance.now() - started) / 1000, bytes, games };
}

async function main(): Promise<void> {
  let games = await storedGames(SCHEMA);
  let imported = false;
  if (games === 0) {
    await dropSchema(SCHEMA);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-export-'));
    try {
      const file = path.join(dir, 'games.pgn');
      writePgnFile(file, GAMES);
      await cliImport({ schema: SCHEMA }, ['--format', 'pgn', file]).catch(async (error: unknown) => {
        await dropSchema(SCHEMA);
        throw error;
      });
      imported = true;
      games = await storedGames(SCHEMA);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  try {
    await withClient((client) => client.query(`ANALYZE "${SCHEMA}"."Game"`));
    const env = { DATABASE_URL, DATABASE_SCHEMA: SCHEMA, HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'info', NODE_ENV: 'production' };
    const server = await startProcess(path.join(BUILD_ROOT, 'src/server/main.js'), env, `http://127.0.0.1:${PORT}/health/ready`);
    const pid = server.pid as number;
    try {
      const base = `http://127.0.0.1:${PORT}/export`;
      // Every game starts with its Event tag: the first at the very start, the others after a newline.
      const count = async (url: string, marker: string) => {
        const run = await exportOnce(url, marker);
        return marker.startsWith('\n') ? { ...run, games: run.games + (run.bytes > 0 ? 1 : 0) } : run;
      };
      const rssReady = rssMb(pid);
      // The first two exports warm the server (JIT, pools, the heap's size); the next two are measured.
      const warm = [await count(`${base}?format=PGN`, '\n[Event '), await count(`${base}?format=PGN`, '\n[Event ')];
      const rssWarm = rssMb(pid);
      const runs = [await count(`${base}?format=PGN`, '\n[Event '), await count(`${base}?format=PGN`, '\n[Event ')];
      const rssAfter = rssMb(pid);
      const peak = peakRssMb(pid) ?? NaN;
      const best = runs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
      for (const run of [...warm, ...runs]) if (run.games !== games) console.error(`export: a PGN export held ${run.games} games, not the ${games} stored`);
      emit('export-pgn', {
        games,
        exportedGames: best.games,
        seconds: round(best.seconds, 2),
        gamesPerSecond: round(best.games / best.seconds),
        firstRunGamesPerSecond: round(warm[0].games / warm[0].seconds),
        mbPerSecond: round(best.bytes / 1e6 / best.seconds, 1),
        serverRssMbReady: round(rssReady),
        serverRssMbAfter2: round(rssWarm),
        serverRssMbAfter4: round(rssAfter),
        serverRssGrowthMb: round(rssAfter - rssWarm),
        serverPeakRssMb: round(peak),
      });
      const player = await count(`${base}?format=PGN&filter=${encodeURIComponent(JSON.stringify({ player: 'P005' }))}`, '\n[Event ');
      emit('export-pgn-player', { filter: 'player P005', exportedGames: player.games, seconds: round(player.seconds, 3), gamesPerSecond: round(player.games / player.seconds) });
      const ndjson = await exportOnce(`${base}?format=NDJSON`, '\n');
      emit('export-ndjson', { exportedGames: ndjson.games, seconds: round(ndjson.seconds, 2), gamesPerSecond: round(ndjson.games / ndjson.seconds), serverRssMbAfter: round(rssMb(pid)) });
    } finally {
      await stopProcess(server);
    }
  } finally {
    if (imported && !KEEP) await dropSchema(SCHEMA);
    else if (imported) console.error(`export: schema ${SCHEMA} kept (${games} games, BENCH_EXPORT_KEEP=1)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
