/**
 * Streaming PGN input: a byte-level game splitter with bounded memory (it holds
 * only the game being read), charset detection (UTF-8, else ISO-8859-1), and an
 * async generator that turns a stream of chunks into parsed games.
 */
import { Result } from '../result';
import { PgnGame, PgnSource, parsePgn } from './pgn';

/** One game's bytes cut from a stream, with where it started. */
export interface PgnGameBytes {
  bytes: Uint8Array;
  /** Byte offset of the first byte in the stream. */
  offset: number;
  /** Line number (from 1) of the first byte in the stream. */
  line: number;
}

const enum S { Normal, Comment, LineComment, Tag, TagString, Escape }

/**
 * Cuts a PGN byte stream into games: a new game starts at a '[' at the start of
 * a line, outside comments, once the previous game has movetext. Feed chunks
 * with `push`, then call `end`.
 */
export class PgnSplitter {
  private pending: Uint8Array = new Uint8Array(0);
  private scanned = 0;
  private state = S.Normal;
  private prev = 10;
  private hasMoves = false;
  private startOffset = 0;
  private startLine = 1;
  private lineNo = 1;

  /** Adds a chunk; returns the games completed by it. */
  push(chunk: Uint8Array): PgnGameBytes[] {
    const out: PgnGameBytes[] = [];
    if (this.pending.length === 0) this.pending = chunk;
    else {
      const b = new Uint8Array(this.pending.length + chunk.length);
      b.set(this.pending); b.set(chunk, this.pending.length);
      this.pending = b;
    }
    const buf = this.pending;
    let cut = 0;
    let i = this.scanned;
    let state = this.state;
    let prev = this.prev;
    for (; i < buf.length; i++) {
      const c = buf[i];
      if (c === 0xef && state === S.Normal) {
        // A UTF-8 byte-order mark (EF BB BF; at the start of a file, or of each concatenated file)
        // is invisible: the line still starts after it. Wait for its last bytes when the chunk ends first.
        if (i + 2 >= buf.length) break;
        if (buf[i + 1] === 0xbb && buf[i + 2] === 0xbf) {
          if (i === cut) { cut += 3; this.startOffset += 3; } // not part of the game's bytes
          i += 2;
          continue;
        }
      }
      switch (state) {
        case S.Normal:
          if (c === 91) { // '['
            if (prev === 10 || prev === 13) {
              if (this.hasMoves) {
                out.push({ bytes: buf.subarray(cut, i), offset: this.startOffset, line: this.startLine });
                this.startOffset += i - cut;
                this.startLine = this.lineNo;
                cut = i;
                this.hasMoves = false;
              }
              state = S.Tag;
            } else this.hasMoves = true;
          } else if (c === 123) state = S.Comment; // a comment alone is not movetext: it stays with the game after it
          else if (c === 59) state = S.LineComment;
          else if (c === 37 && (prev === 10 || prev === 13)) state = S.Escape;
          else if (c !== 32 && c !== 10 && c !== 13 && c !== 9) this.hasMoves = true;
          break;
        case S.Comment: if (c === 125) state = S.Normal; break;
        case S.LineComment: case S.Escape: if (c === 10) state = S.Normal; break;
        case S.Tag:
          if (c === 34) state = S.TagString;
          else if (c === 93 || c === 10) state = S.Normal;
          break;
        case S.TagString:
          if (c === 92 && i + 1 < buf.length) { i++; break; } // backslash escape
          if (c === 34) state = S.Tag;
          else if (c === 10) state = S.Normal;
          break;
      }
      if (c === 10) this.lineNo++;
      prev = c;
    }
    this.state = state;
    this.prev = prev;
    this.pending = cut === 0 ? buf : buf.slice(cut);
    this.scanned = i - cut;
    return out;
  }

  /** Flushes the last game (if it has any content). */
  end(): PgnGameBytes[] {
    const rest = this.pending;
    this.pending = new Uint8Array(0);
    this.scanned = 0;
    for (let i = 0; i < rest.length; i++) {
      const c = rest[i];
      if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return [{ bytes: rest, offset: this.startOffset, line: this.startLine }];
    }
    return [];
  }
}

/** The charset `decodePgnBytes` found. */
export type PgnCharset = 'ascii' | 'utf-8' | 'latin1';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes PGN bytes: UTF-8 (BOM stripped) when valid, else ISO-8859-1 (Latin-1). */
export function decodePgnBytes(bytes: Uint8Array): { text: string; charset: PgnCharset } {
  let start = 0;
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  let ascii = true;
  for (let i = start; i < bytes.length; i++) if (bytes[i] >= 0x80) { ascii = false; break; }
  const body = start ? bytes.subarray(start) : bytes;
  if (ascii) return { text: Buffer.from(body.buffer, body.byteOffset, body.length).toString('latin1'), charset: 'ascii' };
  try {
    return { text: utf8.decode(body), charset: 'utf-8' };
  } catch {
    return { text: Buffer.from(body.buffer, body.byteOffset, body.length).toString('latin1'), charset: 'latin1' };
  }
}

/** A part of a stream the splitter cut (one game, or several it could not tell apart), decoded and parsed. */
export interface PgnPart extends PgnGameBytes {
  /** The charset its bytes were decoded as. */
  charset: PgnCharset;
  /** Its games (or their errors), in order; their lines and offsets count from the stream's start. */
  games: Result<PgnGame>[];
}

/** How `readPgnParts` parses: `moveLines` as `parsePgn`'s. */
export type PgnReadOptions = Pick<PgnSource, 'moveLines'>;

const parsePart = (part: PgnGameBytes, options: PgnReadOptions): PgnPart => {
  const { text, charset } = decodePgnBytes(part.bytes);
  return { ...part, charset, games: parsePgn(text, { ...options, line: part.line, offset: part.offset }) };
};

/**
 * Reads a stream (chunks of bytes, or strings taken as UTF-8) part by part: each part the
 * splitter cuts is decoded on its own (its charset detected) and parsed before the next chunk
 * is read, so memory stays bounded by the largest game.
 */
export async function* readPgnParts(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: PgnReadOptions = {},
): AsyncGenerator<PgnPart> {
  const splitter = new PgnSplitter();
  for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (const part of splitter.push(bytes)) yield parsePart(part, options);
  }
  for (const part of splitter.end()) yield parsePart(part, options);
}

/** A parsed game (or its error) from a stream, with its source location and charset. */
export interface StreamedGame {
  result: Result<PgnGame>;
  offset: number;
  line: number;
  charset: PgnCharset;
}

/**
 * Reads games one by one from chunks (bytes, or strings taken as UTF-8); memory
 * stays bounded by the largest game. Each game's charset is detected on its own.
 */
export async function* readPgnGames(source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>): AsyncGenerator<StreamedGame> {
  for await (const part of readPgnParts(source)) {
    for (const result of part.games) yield { result, offset: part.offset, line: part.line, charset: part.charset };
  }
}
