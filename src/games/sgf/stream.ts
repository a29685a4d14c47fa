/**
 * An SGF file read as a stream, one top-level game tree at a time, so memory is bounded by the
 * largest tree, not the file:
 * - `sgfText` decodes the bytes as `decodeSgfBytes` does a whole file (a UTF-8 BOM wins, else the
 *   charset CA[] names in the first 4 KiB, else ISO-8859-1), chunk by chunk;
 * - `sgfSegments` (codecs/sgf/stream.ts) then cuts the text after each top-level tree.
 */
import { TextDecoder } from 'node:util';
import { sgfDecoderFor } from '../../codecs/sgf';
import { ImportFailure } from '../importFailure';

/** How many leading bytes name the charset (`sniffSgfCharset` reads the first 4 KiB). */
const SNIFF_BYTES = 4096;

/** The decoder of a file that starts with `head`, and how many BOM bytes to skip. */
const decoderFor = (head: Uint8Array): { decoder: TextDecoder; skip: number } => {
  const found = sgfDecoderFor(head);
  if (!found.ok) throw new ImportFailure(found.error);
  return found.value;
};

/** The file's text, chunk by chunk (the first 4 KiB are held until the charset is known). */
export async function* sgfText(input: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let head: Uint8Array = new Uint8Array(0);
  let decoder: TextDecoder | undefined;
  for await (const bytes of input) {
    if (decoder) {
      yield decoder.decode(bytes, { stream: true });
      continue;
    }
    head = head.length === 0 ? bytes : new Uint8Array(Buffer.concat([head, bytes]));
    if (head.length < SNIFF_BYTES) continue;
    const start = decoderFor(head);
    decoder = start.decoder;
    yield decoder.decode(head.subarray(start.skip), { stream: true });
  }
  if (!decoder) {
    const start = decoderFor(head);
    decoder = start.decoder;
    yield decoder.decode(head.subarray(start.skip), { stream: true });
  }
  yield decoder.decode();
}
