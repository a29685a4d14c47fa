/**
 * The worker pool's kept values (src/storage/workerPool.ts, workerReplies.ts): a value a request
 * names is posted to each worker once and kept there in its slot, so later requests carry only its
 * key; a new key replaces the slot's value.
 */
import fs from 'node:fs';
import { WorkerPool } from '../../src/storage/workerPool';
import { bundleForTest } from '../support/bundle';

type Reply = { request: unknown; kept: unknown };

describe('values a worker keeps between requests', () => {
  let script = '';
  let pool: WorkerPool<unknown, Reply>;

  beforeAll(() => {
    script = bundleForTest('tests/support/keptValueWorker.ts', 'keptValueWorker');
  }, 60_000);

  beforeEach(() => {
    pool = new WorkerPool(script, 1, 'testing kept values');
  });

  afterEach(() => pool.close());
  afterAll(() => fs.rmSync(script, { force: true }));

  it('answers a request with the value it names', async () => {
    expect(await pool.run('a', { slot: 's', key: 1, value: 'first' })).toEqual({ request: 'a', kept: 'first' });
  });

  it('posts a value once: a later request under the same key is answered with the value the worker kept', async () => {
    await pool.run('a', { slot: 's', key: 1, value: 'first' });
    expect(await pool.run('b', { slot: 's', key: 1, value: 'not posted again' })).toEqual({ request: 'b', kept: 'first' });
  });

  it('replaces the value of a slot by one under a new key, and keeps each slot apart', async () => {
    await pool.run('a', { slot: 's', key: 1, value: 'first' });
    await pool.run('b', { slot: 't', key: 2, value: 'other slot' });
    expect(await pool.run('c', { slot: 's', key: 3, value: 'second' })).toEqual({ request: 'c', kept: 'second' });
    expect(await pool.run('d', { slot: 't', key: 2, value: 'not posted again' })).toEqual({ request: 'd', kept: 'other slot' });
  });

  it('answers a request that names no value with none', async () => {
    expect(await pool.run('a')).toEqual({ request: 'a', kept: undefined });
  });
});

describe('a pool started ahead of its requests', () => {
  let script = '';

  beforeAll(() => {
    script = bundleForTest('tests/support/keptValueWorker.ts', 'keptValueWorker');
  }, 60_000);

  afterAll(() => fs.rmSync(script, { force: true }));

  it('starts no worker until asked, every worker when started, and answers with those', async () => {
    const pool = new WorkerPool<unknown, Reply>(script, 2, 'testing a started pool');
    try {
      expect(pool.running).toBe(0);
      pool.start();
      expect(pool.running).toBe(2);
      expect(await Promise.all([pool.run('a'), pool.run('b'), pool.run('c')])).toEqual([
        { request: 'a', kept: undefined },
        { request: 'b', kept: undefined },
        { request: 'c', kept: undefined },
      ]);
      expect(pool.running).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('starts a worker at the first request when not started ahead', async () => {
    const pool = new WorkerPool<unknown, Reply>(script, 2, 'testing a pool started by requests');
    try {
      await pool.run('a');
      expect(pool.running).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
