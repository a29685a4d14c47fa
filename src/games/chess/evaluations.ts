/**
 * The evaluations a chess game's comments give (`[%eval 0.24]`, `[%eval #-3]`, cutechess
 * `+0.13/12`), packed with the game (`Game.evaluations`) instead of a `Score` row and a
 * `Position` row each (issue 29, section 2). Pure: bytes in, bytes out.
 *
 * The packed form, every count and number an unsigned LEB128 varint unless said otherwise:
 *   version (1 byte, 1) | programs: count, then each as its UTF-8
 *   length and bytes | evaluations: count, then each:
 *     node (the ply record's index: `GameRecord.plies`) | flags (1 byte) | program's index |
 *     magnitude of the centipawns or of the mate | depth, when flagged | ply and variation (its
 *     UTF-8 length and bytes), when flagged (on the main line node k is ply k: `GameRecord.plies`)
 *   flags: 1 mate, 2 negative (a mate of -0 too), 4 depth given, 8 variation (not the main line),
 *   16 cutechess notation (else `[%eval]`).
 * A magnitude or depth is written as a varint of twice its value when it is a whole number up to
 * 2^50, else as 1 followed by the number as a big-endian float64 (a varint of 1).
 * Evaluations are kept in the replay's order (a program's last one on a position wins, as the
 * scores of a file always did).
 */
import type { Eval } from '../../codecs/chess';
import type { EvaluationScore } from '../types';

/** Mate scores are stored as this many pawns (signed from White's view), with `mate` in details. */
export const MATE_VALUE = 100;

/** One evaluation of a game as packed: the node and ply it is about, by whom, and what it says. */
export interface ChessEvaluation {
  node: number;
  ply: number;
  /** The replay path joined with '.': '' on the main line. */
  variation: string;
  program: string;
  eval: Eval;
}

const FLAG = { mate: 1, negative: 2, depth: 4, variation: 8, engine: 16 } as const;
const VERSION = 1;
const WHOLE_LIMIT = 2 ** 50;

/** Bytes that grow as they are written. */
class Writer {
  bytes: number[] = [];
  varint(n: number): void {
    let v = n;
    while (v >= 0x80) {
      this.bytes.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    this.bytes.push(v);
  }
  text(s: string): void {
    const utf8 = Buffer.from(s, 'utf8');
    this.varint(utf8.length);
    for (const b of utf8) this.bytes.push(b);
  }
  number(n: number): void {
    if (Number.isInteger(n) && n >= 0 && n <= WHOLE_LIMIT && !Object.is(n, -0)) return this.varint(n * 2);
    this.varint(1);
    const b = Buffer.alloc(8);
    b.writeDoubleBE(n);
    for (const x of b) this.bytes.push(x);
  }
}

/** Reads what `Writer` wrote; throws on bytes that end too soon (a stored column is never so). */
class Reader {
  at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  byte(): number {
    if (this.at >= this.bytes.length) throw new Error('packed evaluations end too soon');
    return this.bytes[this.at++];
  }
  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      value += (b & 0x7f) * scale;
      if (b < 0x80) return value;
      scale *= 0x80;
    }
  }
  text(): string {
    const n = this.varint();
    if (this.at + n > this.bytes.length) throw new Error('packed evaluations end too soon');
    const s = Buffer.from(this.bytes.buffer, this.bytes.byteOffset + this.at, n).toString('utf8');
    this.at += n;
    return s;
  }
  number(): number {
    const v = this.varint();
    if (v !== 1) return v / 2;
    if (this.at + 8 > this.bytes.length) throw new Error('packed evaluations end too soon');
    const n = Buffer.from(this.bytes.buffer, this.bytes.byteOffset + this.at, 8).readDoubleBE(0);
    this.at += 8;
    return n;
  }
}

/** A game's evaluations packed; null when it has none. */
export function packEvaluations(evaluations: readonly ChessEvaluation[]): Uint8Array | null {
  if (evaluations.length === 0) return null;
  const w = new Writer();
  w.bytes.push(VERSION);
  const programs = [...new Set(evaluations.map((e) => e.program))];
  w.varint(programs.length);
  for (const p of programs) w.text(p);
  w.varint(evaluations.length);
  for (const e of evaluations) {
    const mate = e.eval.mate !== undefined;
    const signed = mate ? (e.eval.mate as number) : (e.eval.cp ?? 0);
    const flags =
      (mate ? FLAG.mate : 0) |
      (signed < 0 || Object.is(signed, -0) ? FLAG.negative : 0) |
      (e.eval.depth !== undefined ? FLAG.depth : 0) |
      (e.variation !== '' ? FLAG.variation : 0) |
      (e.eval.source === 'engine' ? FLAG.engine : 0);
    w.varint(e.node);
    w.bytes.push(flags);
    w.varint(programs.indexOf(e.program));
    w.number(Math.abs(signed));
    if (e.eval.depth !== undefined) w.number(e.eval.depth);
    if (e.variation !== '') {
      w.varint(e.ply);
      w.text(e.variation);
    }
  }
  return Uint8Array.from(w.bytes);
}

/** The packed evaluations read back. */
export function unpackEvaluations(bytes: Uint8Array): ChessEvaluation[] {
  const r = new Reader(bytes);
  const version = r.byte();
  if (version !== VERSION) throw new Error(`packed evaluations of version ${version} are not known`);
  const programs: string[] = [];
  for (let n = r.varint(); n > 0; n--) programs.push(r.text());
  const evaluations: ChessEvaluation[] = [];
  for (let n = r.varint(); n > 0; n--) {
    const node = r.varint();
    const flags = r.byte();
    const program = programs[r.varint()];
    if (program === undefined) throw new Error('packed evaluation names no program of its game');
    const magnitude = r.number();
    const signed = flags & FLAG.negative ? -magnitude : magnitude;
    const e: Eval = flags & FLAG.mate ? { mate: signed, source: 'eval' } : { cp: signed, source: 'eval' };
    if (flags & FLAG.engine) e.source = 'engine';
    if (flags & FLAG.depth) e.depth = r.number();
    const ply = flags & FLAG.variation ? r.varint() : node;
    const variation = flags & FLAG.variation ? r.text() : '';
    evaluations.push({ node, ply, variation, program, eval: e });
  }
  return evaluations;
}

/** An evaluation as the score it always was: value in pawns from White's view (a mate ±MATE_VALUE), what it says in details, where it came from. */
export function scoreOfEvaluation(e: ChessEvaluation, sourceFormat: string, gameIndex: number): EvaluationScore {
  const { mate, cp, depth, source } = e.eval;
  return {
    node: e.node,
    program: e.program,
    ruleset: '',
    value: mate !== undefined ? (mate < 0 || Object.is(mate, -0) ? -MATE_VALUE : MATE_VALUE) : (cp ?? 0) / 100,
    details: { ...(mate !== undefined ? { mate } : { cp }), ...(depth !== undefined ? { depth } : {}), notation: source },
    source: `${sourceFormat} game ${gameIndex}${e.variation ? ` variation ${e.variation}` : ''} ply ${e.ply}`,
  };
}

/** A stored game's packed evaluations as scores (`gameIndex`: its index in its file), in the order they were packed. */
export const chessEvaluationScores = (bytes: Uint8Array, sourceFormat: string, gameIndex: number): EvaluationScore[] =>
  unpackEvaluations(bytes).map((e) => scoreOfEvaluation(e, sourceFormat, gameIndex));
