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

export async function fileSource(path: string, onBytes: (n: number) => void = () => undefined): Promise<ImportSource & { size: number }> {
  const { size } = await fs.promises.stat(path);
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(path, { highWaterMark: HASH_CHUNK })) hash.update(chunk as Buffer);
  return {
    size,
    byteSize: size,
    fileName: nodePath.basename(path),
    sha256: hash.digest('hex'),
    chunks: async function* () {
      for await (const chunk of fs.createReadStream(path, { highWaterMark: READ_CHUNK })) {
        onBytes((chunk as Buffer).length);
        yield chunk as Buffer;
      }
    },
  };
}
