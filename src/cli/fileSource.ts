/** A file on disk as an ImportSource, named by its base name: hashed in one streaming pass, read in another. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import nodePath from 'node:path';
import type { ImportSource } from '../storage/importService';

/** Hashing reads the file in large blocks. */
const HASH_CHUNK = 1 << 20;
/**
 * Importing reads it in smaller ones: the progress bar moves with each, so its percentage and time
 * left follow the games read rather than jumping a mebibyte at a time.
 */
const READ_CHUNK = 64 << 10;

/** The sha256 (hex) of a file's bytes, read in one streaming pass. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(path, { highWaterMark: HASH_CHUNK })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The file at `path`; `sha256`: its hash when it is being taken already (the CLI hashes its first
 * file while the database opens), else it is taken here.
 */
export async function fileSource(
  path: string,
  onBytes: (n: number) => void = () => undefined,
  sha256: Promise<string> = fileSha256(path),
): Promise<ImportSource & { size: number }> {
  const { size } = await fs.promises.stat(path);
  return {
    size,
    byteSize: size,
    fileName: nodePath.basename(path),
    sha256: await sha256,
    chunks: async function* () {
      for await (const chunk of fs.createReadStream(path, { highWaterMark: READ_CHUNK })) {
        onBytes((chunk as Buffer).length);
        yield chunk as Buffer;
      }
    },
  };
}

/**
 * The hash of a file taken ahead, while something else waits (the database opening): undefined for
 * a path that is not a file (the import names it, and hashes nothing). A failure is the awaiting
 * caller's, not an unhandled rejection.
 */
export const hashAhead = (path: string | undefined): Promise<string> | undefined => {
  if (path === undefined || !fs.statSync(path, { throwIfNoEntry: false })?.isFile()) return undefined;
  const hashing = fileSha256(path);
  hashing.catch(() => undefined);
  return hashing;
};
