/** The progress bar: rate and time left, and 99% until the work is done (an import's commit). */
import { createProgress } from '../../src/cli/progress';

/** A stream that says it is a terminal and keeps what is written to it. */
const terminal = () => {
  const written: string[] = [];
  const stream = {
    isTTY: true,
    columns: 200,
    write: (chunk: string) => void written.push(String(chunk)),
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
    on: () => stream,
    removeListener: () => stream,
  } as unknown as NodeJS.WriteStream;
  return { stream, text: () => written.join('') };
};

describe('progress bar', () => {
  it('holds at 99% when every byte is read, and shows the rate and time left', async () => {
    const t = terminal();
    const progress = createProgress('games.pgn', 2 * 1_048_576, 'MB', t.stream);
    progress.advance(2 * 1_048_576);
    progress.note('1000 games');
    // The bar redraws at most 5 times a second.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(t.text()).toMatch(/games\.pgn \[.*\] 99% \| 2\.0\/2\.0 MB \| [\d.]+ MB\/s \| .* left \| 1000 games/);
    expect(t.text()).not.toContain('100%');
    progress.stop();
  });

  it('shows 100% once done', () => {
    const t = terminal();
    const progress = createProgress('games.pgn', 1000, 'MB', t.stream);
    progress.advance(1000);
    progress.done();
    progress.stop();
    expect(t.text()).toContain('100%');
  });

  it('writes nothing when the stream is not a terminal', () => {
    const written: string[] = [];
    const stream = { isTTY: false, write: (c: string) => void written.push(c) } as unknown as NodeJS.WriteStream;
    const progress = createProgress('x', 10, 'games', stream);
    progress.advance(10);
    progress.done();
    progress.stop();
    expect(written).toEqual([]);
  });
});
