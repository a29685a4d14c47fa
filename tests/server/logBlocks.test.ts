import { createLogger, lineBlocks } from '../../src/server/logging';

/** A sink that keeps what it is handed, and counts its synchronous flushes. */
const sink = () => {
  const written: string[] = [];
  let flushedSync = 0;
  return { written, flushes: () => flushedSync, write: (text: string) => void written.push(text), flushSync: () => void flushedSync++ };
};

describe('log lines written in blocks', () => {
  it('hands lines on joined, in order, once they hold a block of characters', () => {
    const out = sink();
    const blocks = lineBlocks(out, 10);
    for (const line of ['aaaa\n', 'bbbb\n', 'cc\n', 'ddddddddddddd\n', 'e\n']) blocks.write(line);
    expect(out.written).toEqual(['aaaa\nbbbb\n', 'cc\nddddddddddddd\n']);
  });

  it('hands on what it gathered when flushed, and nothing when it holds nothing', () => {
    const out = sink();
    const blocks = lineBlocks(out, 1000);
    blocks.write('one\n');
    blocks.write('two\n');
    blocks.flush();
    blocks.flush();
    expect(out.written).toEqual(['one\ntwo\n']);
  });

  it('has the sink write everything at once when flushed synchronously (at exit)', () => {
    const out = sink();
    const blocks = lineBlocks(out, 1000);
    blocks.write('last\n');
    blocks.flushSync();
    expect(out.written).toEqual(['last\n']);
    expect(out.flushes()).toBe(1);
  });

  it('flushes every stdout logger from one timer and one exit hook, however many loggers are made', () => {
    createLogger({ LOG_LEVEL: 'silent' });
    const hooks = process.listenerCount('exit');
    for (let i = 0; i < 20; i++) createLogger({ LOG_LEVEL: 'silent' });
    expect(process.listenerCount('exit')).toBe(hooks);
  });
});
