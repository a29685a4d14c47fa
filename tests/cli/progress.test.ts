/** The progress bar: rate and time left, and 99% until the work is done (an import's commit). */
import { createProgress, formatDuration, formatRate, timeLeft } from '../../src/cli/progress';

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

describe('progress numbers', () => {
  it('rounds a rate of games to a whole number with thousands separators', () => {
    expect(formatRate(33_280.58, 5, 'games')).toBe('6,656');
  });

  it('shows a rate of bytes in MB with one decimal', () => {
    expect(formatRate(3 * 1_048_576, 2, 'MB')).toBe('1.5');
  });

  it('works out the time left from the whole time so far and the part done', () => {
    expect([timeLeft(1, 0.2), timeLeft(4, 0.8), timeLeft(90, 0.5)]).toEqual(['4s', '1s', '1m 30s']);
  });

  it('does not guess a time left before anything is done', () => {
    expect(timeLeft(3, 0)).toBe('?');
  });

  it('writes long durations in hours and minutes', () => {
    expect(formatDuration(2 * 3600 + 5 * 60 + 9)).toBe('2h 05m');
  });

  it('moves the time left with each step of a bar on a terminal', async () => {
    const t = terminal();
    let clock = 0;
    const progress = createProgress('games.pgn', 1000, 'games', t.stream, () => clock);
    clock = 1000;
    progress.advance(200);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(t.text()).toMatch(/ 20% \| 200\/1,000 games \| 200 games\/s \| 4s left/);
    progress.stop();
  });
});

