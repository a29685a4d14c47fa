import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirInUse, lockDataDir } from '../../src/db/dataDirLock';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-lock-'));

describe('PGlite data directory lock', () => {
  it('writes the owner pid and removes the lock on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'tabula.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'tabula.lock'))).toBe(false);
  });

  it('refuses a directory locked by another live process, naming it', async () => {
    const dir = tempDir();
    const other = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dir, 'tabula.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(`the PGlite data directory ${dir} is in use by process ${other.pid}`);
      // Typed, so the CLI can look for the owner's socket (src/db/localSocket.ts) instead of failing.
      const error = (() => {
        try {
          lockDataDir(dir);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(DataDirInUse);
      expect(error).toMatchObject({ dir, owner: other.pid });
    } finally {
      other.kill();
    }
  });

  it('takes over a stale lock left by a process that has exited', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'tabula.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'tabula.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
