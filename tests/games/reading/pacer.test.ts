import { Pacer } from '../../../src/games/reading/pacer';

describe('a reader pacer', () => {
  it('is not due before its slice has run', () => {
    expect(new Pacer(60_000).due).toBe(false);
  });

  it('is due once its slice has run, and not again right after giving way', async () => {
    const pace = new Pacer(5);
    const started = performance.now();
    while (performance.now() - started < 6) {
      // run for a whole slice
    }
    expect(pace.due).toBe(true);
    await pace.giveWay();
    expect(pace.due).toBe(false);
  });

  it('lets callbacks already queued on the event loop run when it gives way', async () => {
    const ran: string[] = [];
    setImmediate(() => ran.push('queued callback'));
    await new Pacer(0).giveWay();
    expect(ran).toEqual(['queued callback']);
  });
});
