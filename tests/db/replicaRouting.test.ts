/** The pure rules of reading from replicas (src/db/replicaRouting.ts): no database needed. */
import {
  PrimaryProgress,
  RoundRobin,
  WrittenPositions,
  eligibleReplicas,
  parseLsn,
  replicaFailureOf,
  type ReplicaState,
} from '../../src/db/replicaRouting';

describe('a WAL position', () => {
  it('reads as its byte offset: the high 32 bits before the slash, the low after', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });

  it('is refused when it is not two hex numbers around a slash', () => {
    expect(() => parseLsn('16-B374')).toThrow('not a WAL position (LSN): "16-B374"');
  });
});

describe('how far behind a replica is', () => {
  it('is 0 when it has replayed everything the primary was seen at', () => {
    const progress = new PrimaryProgress(10_000);
    progress.observe(1_000, 100n);
    expect(progress.lagMs(100n, 5_000)).toBe(0);
    expect(progress.lagMs(150n, 5_000)).toBe(0);
  });

  it('is the time since the primary was first seen past what it replayed', () => {
    const progress = new PrimaryProgress(10_000);
    progress.observe(1_000, 100n);
    progress.observe(2_000, 200n);
    progress.observe(2_500, 200n);
    progress.observe(3_000, 300n);
    expect(progress.lagMs(150n, 4_000)).toBe(2_000);
    expect(progress.lagMs(250n, 4_000)).toBe(1_000);
  });

  it('is at least the age of its last replayed transaction when it is behind everything kept', () => {
    const progress = new PrimaryProgress(1_000);
    progress.observe(10_000, 500n);
    progress.observe(10_600, 600n);
    progress.observe(12_000, 700n);
    // The 500 sample is more than 1 s old and dropped; 600 is the oldest kept, first seen at 10,600.
    expect(progress.lagMs(100n, 12_000, 60_000)).toBe(60_000);
    expect(progress.lagMs(100n, 12_000, null)).toBe(1_400);
  });
});

const state = (healthy: boolean, lagMs: number, replayed?: bigint): ReplicaState => ({ healthy, lagMs, replayed });

describe('which replicas a read may use', () => {
  const states = [state(true, 0, 500n), state(false, 0, 900n), state(true, 6_000, 900n), state(true, 200, 300n)];

  it('are the healthy ones within the lag bound', () => {
    expect(eligibleReplicas(states, 5_000)).toEqual([0, 3]);
  });

  it('are, for a client that wrote, only those that replayed its write', () => {
    expect(eligibleReplicas(states, 5_000, 400n)).toEqual([0]);
    expect(eligibleReplicas(states, 5_000, 600n)).toEqual([]);
  });

  it('are taken in turn', () => {
    const robin = new RoundRobin();
    expect([robin.next([0, 3]), robin.next([0, 3]), robin.next([0, 3]), robin.next([0, 3])]).toEqual([0, 3, 0, 3]);
    expect(robin.next([])).toBeUndefined();
  });
});

describe('the positions clients wrote', () => {
  it('are needed by a read of any key of the client, the highest of them', () => {
    const written = new WrittenPositions();
    written.record(['token:a', 'address:1'], 100n);
    written.record(['address:1'], 300n);
    expect(written.needs(['token:a'])).toBe(100n);
    expect(written.needs(['token:a', 'address:1'])).toBe(300n);
    expect(written.needs(['token:b', 'address:2'])).toBeUndefined();
  });

  it('never go back: an older position does not replace a newer one', () => {
    const written = new WrittenPositions();
    written.record(['k'], 300n);
    written.record(['k'], 200n);
    expect(written.needs(['k'])).toBe(300n);
  });

  it('are forgotten once every replica has replayed them', () => {
    const written = new WrittenPositions();
    written.record(['a'], 100n);
    written.record(['b'], 200n);
    expect(written.needs(['a', 'b'], 150n)).toBe(200n);
    expect(written.size).toBe(1);
  });

  it('keep only the most recent clients', () => {
    const written = new WrittenPositions(2);
    written.record(['a'], 1n);
    written.record(['b'], 2n);
    written.record(['c'], 3n);
    expect([written.needs(['a']), written.needs(['b']), written.needs(['c'])]).toEqual([undefined, 2n, 3n]);
  });
});

describe('a statement that failed on a replica', () => {
  it('goes to the primary when the replica went away', () => {
    expect(replicaFailureOf(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' }))).toBe('gone');
    expect(replicaFailureOf(new Error('Connection terminated unexpectedly'))).toBe('gone');
    expect(replicaFailureOf(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe('gone');
    expect(replicaFailureOf(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe('gone');
  });

  it('goes to the primary when it writes (a hot standby is read-only)', () => {
    expect(replicaFailureOf(Object.assign(new Error('cannot execute UPDATE in a read-only transaction'), { code: '25006' }))).toBe('read-only');
  });

  it('goes to the primary when the standby cancelled it to replay', () => {
    expect(replicaFailureOf(Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' }))).toBe('recovery-conflict');
  });

  it('fails as it is when the failure is its own (a timeout, a bad statement)', () => {
    expect(replicaFailureOf(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBeUndefined();
    expect(replicaFailureOf(Object.assign(new Error('syntax error'), { code: '42601' }))).toBeUndefined();
  });
});
