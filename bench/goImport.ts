/**
 * Benchmark (not a test): generates a position file of 1,000,000 records (a
 * mix of 92- and 100-byte records) and score files for two programs over the
 * same positions, imports them through the CLI into PostgreSQL, times the
 * histogram, distribution, diff and komi queries through GraphQL in-process,
 * checks that the position export is byte-identical, and prints one JSON line.
 *
 *   npx tsc --strict --outDir dist/bench-go --rootDir . --target ES2022 --module commonjs \
 *     --esModuleInterop --skipLibCheck --resolveJsonModule bench/goImport.ts
 *   ln -sfn "$PWD/prisma" dist/bench-go/prisma
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test DATABASE_SCHEMA=bench_go \
 *     node dist/bench-go/bench/goImport.js [RECORDS]
 *
 * The schema is dropped and re-created first, so every run starts empty.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { main } from '../src/cli/main';
import { databaseConfigFromEnv } from '../src/db/config';
import { openDatabase } from '../src/db/database';
import { dataOf, graphqlClient } from '../tests/support/graphql';
import { exportGoPositionFile } from '../src/games/go/files';
import { writeGoPositionFile, writeGoScoreFile } from './goData';

const COUNT = Number(process.argv[2] ?? 1_000_000);
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-go-bench-'));

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

const time = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = process.hrtime.bigint();
  const value = await work();
  return [value, Number(process.hrtime.bigint() - started) / 1e6];
};

async function run(): Promise<void> {
  const config = databaseConfigFromEnv();
  if (!config.url || !config.schema) throw new Error('set DATABASE_URL and DATABASE_SCHEMA');
  const admin = new pg.Client({ connectionString: config.url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS "${config.schema}" CASCADE`);
  await admin.end();

  const positionFile = path.join(DIR, 'input_positions.dat');
  const fuegoFile = path.join(DIR, 'fuego_chinese.dat');
  const gnugoFile = path.join(DIR, 'gnugo_chinese.dat');
  const [, generateMs] = await time(async () => {
    await writeGoPositionFile(positionFile, COUNT);
    await writeGoScoreFile(fuegoFile, COUNT, 2);
    await writeGoScoreFile(gnugoFile, COUNT, 3);
  });

  const cli = async (args: string[]) => {
    const [code, ms] = await time(() => main(args));
    if (code !== 0) throw new Error(`tabula ${args.join(' ')} exited with ${code}`);
    return ms;
  };
  const positionsMs = await cli(['import', '--format', 'go-positions', positionFile]);
  const fuegoMs = await cli(['import', '--format', 'go-scores', '--program', 'fuego', '--ruleset', 'chinese', fuegoFile]);
  const gnugoMs = await cli(['import', '--format', 'go-scores', '--program', 'gnugo', '--ruleset', 'chinese', gnugoFile]);

  const db = await openDatabase(config);
  try {
    await db.sql.query('ANALYZE');
    const gql = graphqlClient(db);
    const query = async <T>(text: string, variables: Record<string, unknown> = {}): Promise<T> => dataOf(await gql<T>(text, variables));
    // Each query twice: the first run warms the cache; the figures are the second.
    const twice = async <T>(work: () => Promise<T>) => {
      await work();
      return time(work);
    };
    const [histogram, histogramMs] = await twice(() =>
      query<{ goStoneHistogram: unknown[] }>('{ goStoneHistogram(listedOnly: true) { stoneCount positions } }').then((d) => d.goStoneHistogram),
    );
    const [, distributionMs] = await twice(() =>
      query('{ goScoreDistribution(program: "fuego", ruleset: "chinese", byStoneCount: true) { stoneCount score positions } }'),
    );
    const diffQuery = `query ($after: String) { goScoreDiff(a: { program: "fuego", ruleset: "chinese" }, b: { program: "gnugo", ruleset: "chinese" },
      minConfidence: 50, minDifference: 2, first: 50, after: $after) { disagreeing endCursor nodes { difference } } }`;
    type Diff = { goScoreDiff: { disagreeing: number; endCursor: string | null } };
    const [diff, diffMs] = await twice(() => query<Diff>(diffQuery).then((d) => d.goScoreDiff));
    const [, diffPage2Ms] = await twice(() => query<Diff>(diffQuery, { after: diff.endCursor }));
    const [, komiMs] = await twice(() => query('{ goKomiVerdicts(program: "fuego", ruleset: "chinese") { komi } }'));
    const probe = (await db.sql.query<{ key: string; sideToMove: 'B' | 'W' }>(`SELECT key, "sideToMove" FROM "Position" WHERE "listIndex" = 777777 OR "listIndex" = 0 ORDER BY "listIndex" DESC LIMIT 1`))[0];
    const [found, lookupMs] = await twice(() =>
      query<{ goPosition: { key: string } | null }>('query ($hash: String!, $toPlay: GoColor) { goPosition(hash: $hash, toPlay: $toPlay) { key } }', {
        hash: probe.key.slice(0, 16),
        toPlay: probe.sideToMove === 'B' ? 'BLACK' : 'WHITE',
      }).then((d) => d.goPosition),
    );
    const [, exportMs] = await time(async () => {
      const out = fs.createWriteStream(path.join(DIR, 'export.dat'));
      for await (const chunk of exportGoPositionFile(db.sql)) if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      await new Promise<void>((r) => out.end(() => r()));
    });
    const identical = sha256(positionFile) === sha256(path.join(DIR, 'export.dat'));
    const counts = (await db.sql.query<{ p: bigint; s: bigint }>(`SELECT (SELECT count(*) FROM "Position")::int8 AS p, (SELECT count(*) FROM "Score")::int8 AS s`))[0];
    console.log(
      JSON.stringify({
        records: COUNT,
        positionFileBytes: fs.statSync(positionFile).size,
        generateMs: Math.round(generateMs),
        importPositionsMs: Math.round(positionsMs),
        positionsPerSecond: Math.round(COUNT / (positionsMs / 1000)),
        importScoresMs: [Math.round(fuegoMs), Math.round(gnugoMs)],
        scoresPerSecond: Math.round((2 * COUNT) / ((fuegoMs + gnugoMs) / 1000)),
        totalImportMs: Math.round(positionsMs + fuegoMs + gnugoMs),
        storedPositions: Number(counts.p),
        storedScores: Number(counts.s),
        histogramMs: Math.round(histogramMs),
        histogramBuckets: histogram.length,
        distributionByStonesMs: Math.round(distributionMs),
        diffMs: Math.round(diffMs),
        diffPage2Ms: Math.round(diffPage2Ms),
        diffDisagreeing: diff.disagreeing,
        komiMs: Math.round(komiMs),
        lookupMs: Math.round(lookupMs * 10) / 10,
        lookupFound: found?.key === probe.key,
        exportPositionsMs: Math.round(exportMs),
        exportIdentical: identical,
      }),
    );
  } finally {
    await db.close();
    fs.rmSync(DIR, { recursive: true, force: true });
  }
}

run().catch((error) => {
  console.error(error);
  process.exit(1);
});
