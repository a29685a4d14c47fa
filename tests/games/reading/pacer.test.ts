import { Pacer } from '../../../src/games/reading/pacer';

describe('a reader pacer', () => {
  it('is not due before its slice has run', () => {
    expect(new Pacer(60_000).due).toBe(false);
  });

  it('is due once its slice has run', () => {
    let clock = 100;
    const pace = new Pacer(5, undefined, () => clock);
    clock = 104.9;
    expect(pace.due).toBe(false);
    clock = 105;
    expect(pace.due).toBe(true);
  });

  it('starts a new slice when it gives way', async () => {
    let clock = 100;
    const pace = new Pacer(5, undefined, () => clock);
    clock = 106;
    await pace.giveWay();
    expect(pace.due).toBe(false);
    clock = 111;
    expect(pace.due).toBe(true);
  });

  it('lets callbacks already queued on the event loop run when it gives way', async () => {
    const ran: string[] = [];
    setImmediate(() => ran.push('queued callback'));
    await new Pacer(0).giveWay();
    expect(ran).toEqual(['queued callback']);
  });
});
