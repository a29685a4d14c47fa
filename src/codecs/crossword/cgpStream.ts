/**
 * A CGP file streamed line by line (one position per line), so a reader holds one chunk and
 * the line it ends in, not the file.
 */

/** One line of the file, without its line end. */
export interface CgpLine {
  /** The line's number, from 1. */
  line: number;
  text: string;
}

/**
 * Cuts a CGP file's byte stream (UTF-8) into its lines as the bytes come: CRLF, CR and LF each
 * end a line (a CRLF split across chunks included), a leading byte-order mark is dropped, and a
 * last line without its line end is kept.
 */
export async function* cgpLines(input: AsyncIterable<Uint8Array>): AsyncGenerator<CgpLine> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let line = 0;
  let first = true;
  const take = function* (text: string, final: boolean): Generator<CgpLine> {
    // A CR at the end may be the first half of a CRLF split across chunks: keep it back.
    const cut = !final && text.endsWith('\r') ? text.length - 1 : text.length;
    const parts = text.slice(0, cut).split(/\r\n|\r|\n/);
    pending = final ? '' : (parts.pop() as string) + text.slice(cut);
    for (const part of parts) yield { line: ++line, text: part };
  };
  for await (const bytes of input) {
    let text = pending + decoder.decode(bytes, { stream: true });
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    yield* take(text, false);
  }
  const rest = pending + decoder.decode();
  if (rest !== '') yield* take(rest, true);
}
