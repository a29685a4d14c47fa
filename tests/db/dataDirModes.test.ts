/**
 * The embedded database's data directory and everything in it are its owner's only (0700
 * directories, 0600 files): after opening a new one, after an import, after closing, and for a
 * directory an earlier version left open to others, which is repaired at open with a warning.
 * (PostgreSQL's files are its server's business: this is the embedded database's.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/database';
import { readerFor } from '../../src/games/index';
import { bytesSource, runImport } from '../../src/storage/importService';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/server/logging';
import { startServer } from '../../src/server/main';

/** Every entry under `dir` (and `dir` itself) whose mode is not private, with its mode in octal. */
const openEntries = (dir: string): string[] => {
  const out: string[] = [];
  const walk = (p: string): void => {
    const stat = fs.lstatSync(p);
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600)) out.push(`${path.relative(dir, p) || '.'} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return out;
};

const pgn = Buffer.from('[Event "modes"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 *\n', 'utf8');

describe('the PGlite data directory', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-modes-'));
  const dir = path.join(root, 'data');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("is its owner's only once a new one is opened, after an import, and after closing", async () => {
    const umask = process.umask();
    const warnings: string[] = [];
    const db = await openDatabase({ dataDir: dir, poolSize: 1, statementTimeoutMs: 0, warn: (m) => warnings.push(m) });
    expect(fs.existsSync(path.join(dir, 'global', 'pg_control'))).toBe(true);
    expect(openEntries(dir)).toEqual([]);
    await runImport(db, readerFor('PGN')!, bytesSource(pgn), {});
    await db.sql.query('CHECKPOINT');
    expect(openEntries(dir)).toEqual([]);
    await db.close();
    expect(openEntries(dir)).toEqual([]);
    // A new directory is not reported, and the process gets its umask back.
    expect(warnings).toEqual([]);
    expect(process.umask()).toBe(umask);
  });

  it('repairs a directory left open to others at open, with a warning naming it', async () => {
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(path.join(dir, 'global'), 0o777);
    fs.chmodSync(path.join(dir, 'global', 'pg_control'), 0o666);
    fs.chmodSync(path.join(dir, 'postgresql.conf'), 0o644);
    const warnings: string[] = [];
    const db = await openDatabase({ dataDir: dir, poolSize: 1, statementTimeoutMs: 0, warn: (m) => warnings.push(m) });
    expect(openEntries(dir)).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`the PGlite data directory ${dir} had 4 entries other users could read or write`);
    expect(warnings[0]).toContain('0755');
    expect(await db.prisma.game.count()).toBe(1);
    await db.close();
    expect(openEntries(dir)).toEqual([]);
  });

  it("is repaired by the server at open, with the warning in the server's log", async () => {
    fs.chmodSync(path.join(dir, 'postgresql.conf'), 0o666);
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger(
      { LOG_LEVEL: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
          done();
        },
      }),
    );
    const server = await startServer({ env: { TABULA_DATA_DIR: dir, HOST: '127.0.0.1', PORT: '0' }, logger, processMetrics: false });
    try {
      await server.ready;
      expect(openEntries(dir)).toEqual([]);
      const warned = lines.filter((l) => l.level === 40);
      expect(warned.map((l) => [l.dataDir, l.msg])).toEqual([[dir, expect.stringContaining('had 1 entry other users could read or write (postgresql.conf 0666)')]]);
    } finally {
      await server.stop();
    }
  });
});
