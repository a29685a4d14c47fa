/** A byte-count progress bar on a terminal; silent when stderr is not a TTY. */
import { SingleBar, Presets } from 'cli-progress';

export interface Progress {
  advance(bytes: number): void;
  note(text: string): void;
  stop(): void;
}

export const createProgress = (label: string, totalBytes: number, stream: NodeJS.WriteStream = process.stderr): Progress => {
  if (!stream.isTTY) return { advance: () => undefined, note: () => undefined, stop: () => undefined };
  const bar = new SingleBar(
    { format: `${label} [{bar}] {percentage}% | {mb}/{totalMb} MB | {note}`, stream, hideCursor: true },
    Presets.shades_classic,
  );
  const mb = (n: number) => (n / 1_048_576).toFixed(1);
  let done = 0;
  bar.start(totalBytes, 0, { mb: mb(0), totalMb: mb(totalBytes), note: '' });
  return {
    advance(bytes) {
      done += bytes;
      bar.update(done, { mb: mb(done) });
    },
    note(text) {
      bar.update(done, { note: text });
    },
    stop() {
      bar.stop();
    },
  };
};
