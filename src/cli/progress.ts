/**
 * A progress bar on a terminal (silent when the stream is not a TTY): bytes read with the rate
 * and the time left, and a note (the running totals). Reading ends before the transaction does,
 * so the bar holds at 99% until `done()` says the import committed.
 */
import { SingleBar, Presets } from 'cli-progress';

export interface Progress {
  /** `bytes` more were read. */
  advance(bytes: number): void;
  /** Replaces the note after the numbers (e.g. the games stored so far). */
  note(text: string): void;
  /** The work is complete (an import committed): 100%, then the bar stays on screen. */
  done(): void;
  /** Removes the bar's cursor handling (after `done`, or on failure). */
  stop(): void;
}

const SILENT: Progress = { advance: () => undefined, note: () => undefined, done: () => undefined, stop: () => undefined };

/** The part of the total a bar shows before `done`: reading is not storing. */
const BEFORE_DONE = 0.99;

export const createProgress = (label: string, total: number, unit: 'MB' | 'games' = 'MB', stream: NodeJS.WriteStream = process.stderr): Progress => {
  if (!stream.isTTY) return SILENT;
  const bar = new SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {shown}/{totalShown} ${unit} | {rate} ${unit}/s | {eta_formatted} left | {note}`,
      stream,
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
    },
    Presets.shades_classic,
  );
  const show = (n: number) => (unit === 'MB' ? (n / 1_048_576).toFixed(1) : String(n));
  const started = Date.now();
  let count = 0;
  const payload = () => ({ shown: show(count), totalShown: show(total), rate: show(count / Math.max(0.001, (Date.now() - started) / 1000)) });
  bar.start(Math.max(total, 1), 0, { ...payload(), note: '' });
  return {
    advance(n) {
      count += n;
      bar.update(Math.min(count, Math.ceil(total * BEFORE_DONE)), payload());
    },
    note(text) {
      bar.update({ ...payload(), note: text });
    },
    done() {
      bar.update(Math.max(total, 1), payload());
    },
    stop() {
      bar.stop();
    },
  };
};
