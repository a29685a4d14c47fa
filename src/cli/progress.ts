/**
 * A progress bar on a terminal (silent when the stream is not a TTY): what was read with the rate
 * and the time left, and a note (the running totals). Reading ends before the transaction does,
 * so the bar holds at 99% until `done()` says the import committed. The time left is worked out
 * from the whole time so far and the part done, at every step (file blocks of 64 KiB, stored games),
 * and rates are whole numbers with thousands separators.
 */
import { SingleBar, Presets } from 'cli-progress';
import { formatCount } from './numbers';

export interface Progress {
  /** `n` more bytes (or games) were read. */
  advance(n: number): void;
  /** Replaces the note after the numbers (e.g. the games stored so far). */
  note(text: string): void;
  /** The work is complete (an import committed): 100%, then the bar stays on screen. */
  done(): void;
  /** Removes the bar's cursor handling (after `done`, or on failure). */
  stop(): void;
  /** Seconds since the bar started (for rates in notes). */
  seconds(): number;
}

const SILENT: Progress = { advance: () => undefined, note: () => undefined, done: () => undefined, stop: () => undefined, seconds: () => 0 };

/** The part of the total a bar shows before `done`: reading is not storing. */
const BEFORE_DONE = 0.99;

/** Seconds as the bar shows them: `45s`, `3m 05s`, `1h 02m`. */
export const formatDuration = (seconds: number): string => {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
};

/** The time left when `part` of the work (0..1) took `elapsed` seconds: "?" before anything is done. */
export const timeLeft = (elapsed: number, part: number): string => (part <= 0 ? '?' : formatDuration((elapsed * (1 - part)) / part));

/** A rate per second as the bar shows it: MB with one decimal, games whole with thousands separators. */
export const formatRate = (n: number, seconds: number, unit: 'MB' | 'games'): string => {
  const perSecond = n / Math.max(0.001, seconds);
  return unit === 'MB' ? (perSecond / 1_048_576).toFixed(1) : formatCount(perSecond);
};

export const createProgress = (
  label: string,
  total: number,
  unit: 'MB' | 'games' = 'MB',
  stream: NodeJS.WriteStream = process.stderr,
  now: () => number = Date.now,
): Progress => {
  const started = now();
  const seconds = () => (now() - started) / 1000;
  if (!stream.isTTY) return { ...SILENT, seconds };
  const bar = new SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {shown}/{totalShown} ${unit} | {rate} ${unit}/s | {left} left | {note}`,
      stream,
      hideCursor: true,
      fps: 5,
    },
    Presets.shades_classic,
  );
  const show = (n: number) => (unit === 'MB' ? (n / 1_048_576).toFixed(1) : formatCount(n));
  const end = Math.max(total, 1);
  let count = 0;
  let finished = false;
  const shown = () => (finished ? end : Math.min(count, Math.ceil(total * BEFORE_DONE)));
  const payload = () => ({
    shown: show(count),
    totalShown: show(total),
    rate: formatRate(count, seconds(), unit),
    left: finished ? '0s' : timeLeft(seconds(), shown() / end),
  });
  bar.start(end, 0, { ...payload(), note: '' });
  return {
    advance(n) {
      count += n;
      bar.update(shown(), payload());
    },
    note(text) {
      bar.update(shown(), { ...payload(), note: text });
    },
    done() {
      finished = true;
      bar.update(end, payload());
    },
    stop() {
      bar.stop();
    },
    seconds,
  };
};
