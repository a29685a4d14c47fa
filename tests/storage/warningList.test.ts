import { MAX_WARNINGS, WarningList } from '../../src/storage/warningList';

const warning = (i: number) => ({ gameIndex: i, code: 'ERR_SAN_ILLEGAL', message: `ply 3: illegal move 'Ke${i % 8}'` });

describe('the warnings of an import', () => {
  it('are kept in the order they came while there are at most 1,000', () => {
    const list = new WarningList();
    list.add([warning(0), warning(1)]);
    list.add([warning(2)]);
    expect(list.list()).toEqual([warning(0), warning(1), warning(2)]);
  });

  it('beyond 1,000 are counted in one last warning instead of listed', () => {
    const list = new WarningList();
    for (let i = 0; i < 1_250; i++) list.add([warning(i)]);
    const listed = list.list();
    expect(MAX_WARNINGS).toBe(1_000);
    expect(listed).toHaveLength(1_001);
    expect(listed[999]).toEqual(warning(999));
    expect(listed[1_000]).toEqual({ code: 'IMPORT_MORE_WARNINGS', message: '250 more warnings not listed' });
  });

  it('shows a NUL a warning quotes as ␀, since the Import row cannot hold one', () => {
    const list = new WarningList();
    list.add([{ code: 'ERR_X', message: 'A[0\u0000]: bad' }]);
    expect(list.list()).toEqual([{ code: 'ERR_X', message: 'A[0\u2400]: bad' }]);
  });
});
