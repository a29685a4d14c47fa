/** A file on disk as an ImportSource: hashed in one streaming pass, read in another. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { ImportSource } from '../storage/importService';

const CHUNK = 1 << 20;

export async function fileSource(path: string, onBytes: (n: number) => void = () => undefined): Promise<ImportSource & { size: number }> {
  const { size } = await fs.promises.stat(path);
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(path, { highWaterMark: CHUNK })) hash.update(chunk as Buffer);
  return {
    size,
    sha256: hash.digest('hex'),
    chunks: async function* () {
      for await (const chunk of fs.createReadStream(path, { highWaterMark: CHUNK })) {
        onBytes((chunk as Buffer).length);
        yield chunk as Buffer;
      }
    },
  };
}
