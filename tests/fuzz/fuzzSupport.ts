/**
 * Shared pieces of the codec fuzz tests: how many runs a property gets
 * (TABULA_FUZZ_RUNS, scaled per property), the sample files mutations start
 * from, the mutation arbitrary (byte flips, truncations, insertions,
 * duplications, deletions), and the check every input must pass: the codec
 * returns a value or a typed error, never throws, never takes long.
 *
 * CI: `npm test` runs the default (a few thousand inputs per codec, all fuzz
 * files together well under 90 s on 2 cores). Long run: `npm run fuzz`
 * (TABULA_FUZZ_RUNS x100). A failure prints fast-check's seed and path; replay
 * with TABULA_FUZZ_SEED=<seed>.
 */
import fs from 'node:fs';
import fc from 'fast-check';
import { sample, sampleNames } from '../support/sampleData';

/** The default runs per property; `npm run fuzz` multiplies it by 100. */
export const DEFAULT_FUZZ_RUNS = 1000;

/** Runs for one property: TABULA_FUZZ_RUNS (default 1000) times `scale`, at least 1. */
export const fuzzRuns = (scale = 1): number => {
  const text = process.env.TABULA_FUZZ_RUNS;
  const base = text && Number.isFinite(Number(text)) && Number(text) > 0 ? Number(text) : DEFAULT_FUZZ_RUNS;
  return Math.max(1, Math.round(base * scale));
};

/** fast-check parameters for one property (seed from TABULA_FUZZ_SEED when set). */
export const fuzzParams = (scale = 1): fc.Parameters<unknown> => {
  const seed = process.env.TABULA_FUZZ_SEED;
  return { numRuns: fuzzRuns(scale), ...(seed ? { seed: Number(seed) } : {}) };
};

/** Enough time for a long run: the jest timeout of one fuzz test. */
export const fuzzTimeout = (scale = 1): number => 60_000 + fuzzRuns(scale) * 20;

export { sample };

/** Every file of a sample directory whose name ends in `ext`. */
export const samples = (dir: string, ext: string): Buffer[] => sampleNames(dir, ext).map((name) => sample(dir, name));

type Mutation =
  | { op: 'flip'; at: number; bits: number }
  | { op: 'set'; at: number; byte: number }
  | { op: 'truncate'; at: number }
  | { op: 'insert'; at: number; bytes: Uint8Array }
  | { op: 'duplicate'; at: number; length: number; to: number }
  | { op: 'delete'; at: number; length: number };

/** Positions are fractions of the current length, so a mutation fits any input. */
const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('flip' as const), at: fc.nat(), bits: fc.integer({ min: 1, max: 255 }) }),
  fc.record({ op: fc.constant('set' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 16 }) }),
  fc.record({ op: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 256 }), to: fc.nat() }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 64 }) }),
);

const applyMutation = (input: Uint8Array, m: Mutation): Uint8Array => {
  const n = input.length;
  const at = n === 0 ? 0 : m.at % (n + 1);
  switch (m.op) {
    case 'flip':
    case 'set': {
      if (n === 0) return input;
      const out = input.slice();
      const i = m.at % n;
      out[i] = m.op === 'flip' ? out[i] ^ m.bits : m.byte;
      return out;
    }
    case 'truncate':
      return input.subarray(0, at);
    case 'insert':
      return Buffer.concat([input.subarray(0, at), m.bytes, input.subarray(at)]);
    case 'duplicate': {
      const part = input.subarray(at, at + m.length);
      const to = m.to % (n + 1);
      return Buffer.concat([input.subarray(0, to), part, input.subarray(to)]);
    }
    case 'delete':
      return Buffer.concat([input.subarray(0, at), input.subarray(at + m.length)]);
  }
};

/** One of `seeds` with 1 to `maxMutations` mutations applied (bytes). */
export const mutatedBytes = (seeds: readonly Uint8Array[], maxMutations = 8): fc.Arbitrary<Uint8Array> =>
  fc
    .tuple(fc.nat({ max: seeds.length - 1 }), fc.array(mutationArb, { minLength: 1, maxLength: maxMutations }))
    .map(([i, ms]) => ms.reduce(applyMutation, Uint8Array.from(seeds[i])));

/** `mutatedBytes` read back as text (UTF-8, lossy, like a reader would). */
export const mutatedText = (seeds: readonly string[], maxMutations = 8): fc.Arbitrary<string> =>
  mutatedBytes(seeds.map((s) => Buffer.from(s, 'utf8')), maxMutations).map((b) => Buffer.from(b).toString('utf8'));

/** Random text biased to the characters a format uses (`alphabet`), plus any unicode now and then. */
export const randomText = (alphabet: string, maxLength = 200): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(fc.constantFrom(...alphabet.split('')), { maxLength }).map((a) => a.join('')) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength }) },
  );

/** The slowest one input may be before the test calls it a hang. */
export const MAX_INPUT_MS = Number(process.env.TABULA_FUZZ_MAX_INPUT_MS ?? 2000);

/** True when `value` is a Result: `{ ok: true, value }` or `{ ok: false, error: { code: string, message: string } }`. */
export const isResult = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as { ok?: unknown; value?: unknown; error?: { code?: unknown; message?: unknown } };
  if (r.ok === true) return 'value' in r;
  return r.ok === false && typeof r.error?.code === 'string' && typeof r.error?.message === 'string';
};

/** Throws (failing the property) unless `value` is a Result. */
export const expectResult = (value: unknown, what = 'codec'): void => {
  if (!isResult(value)) throw new Error(`${what} returned something that is not a Result: ${String(JSON.stringify(value))?.slice(0, 300)}`);
};

/** Counts inputs per codec; `report()` prints them (the issue note quotes them). */
export class FuzzCounter {
  private readonly counts = new Map<string, number>();
  private readonly started = Date.now();

  constructor(private readonly file: string) {}

  add(codec: string, n = 1): void {
    this.counts.set(codec, (this.counts.get(codec) ?? 0) + n);
  }

  report(): void {
    const line = JSON.stringify({ fuzz: this.file, seconds: (Date.now() - this.started) / 1000, inputs: Object.fromEntries(this.counts) });
    const out = process.env.TABULA_FUZZ_REPORT;
    if (out) fs.appendFileSync(out, line + '\n');
    else process.stdout.write(line + '\n');
  }
}

/**
 * Runs `fn` on one input: it must return (not throw) within MAX_INPUT_MS, and
 * what it returns must pass `check` (default: a Result). Counts the input.
 */
export const exercise = <T>(
  counter: FuzzCounter,
  codec: string,
  fn: () => T,
  check: (value: T) => void = (v) => expectResult(v, codec),
  limitMs = MAX_INPUT_MS,
): T => {
  counter.add(codec);
  const started = performance.now();
  let value: T;
  try {
    value = fn();
  } catch (error) {
    throw new Error(`${codec} threw: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  }
  const took = performance.now() - started;
  if (took > limitMs) throw new Error(`${codec} took ${Math.round(took)} ms on one input (limit ${limitMs} ms)`);
  check(value);
  return value;
};

/** The time allowed for one deliberately huge input (megabytes of nesting). */
export const HUGE_INPUT_MS = Number(process.env.TABULA_FUZZ_HUGE_INPUT_MS ?? 20_000);

/** `exercise` for async codecs (streams). */
export const exerciseAsync = async <T>(
  counter: FuzzCounter,
  codec: string,
  fn: () => Promise<T>,
  check: (value: T) => void = () => undefined,
): Promise<T> => {
  counter.add(codec);
  const started = performance.now();
  let value: T;
  try {
    value = await fn();
  } catch (error) {
    throw new Error(`${codec} threw: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  }
  const took = performance.now() - started;
  if (took > MAX_INPUT_MS) throw new Error(`${codec} took ${Math.round(took)} ms on one input (limit ${MAX_INPUT_MS} ms)`);
  check(value);
  return value;
};

/** Heap growth (MB) while `fn` runs, after a GC when jest exposes one (--expose-gc); else measured without. */
export const heapGrowthMb = async (fn: () => Promise<void> | void): Promise<number> => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return (peak - before) / 1e6;
};
