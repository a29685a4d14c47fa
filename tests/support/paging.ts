/**
 * Walks a connection both ways: forward with `first`/`after` and backward with `last`/`before`,
 * for the tests of every connection and result page.
 */
export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}
export interface Page {
  ids: string[];
  pageInfo: PageInfo;
}
/** Reads one page with the paging variables given (`first`, `after`, `last`, `before`). */
export type ReadPage = (paging: Record<string, unknown>) => Promise<Page>;

/** Every item, `size` at a time, forward; each page's info checked as it goes. */
export const forward = async (read: ReadPage, size: number): Promise<{ ids: string[]; pages: Page[] }> => {
  const pages: Page[] = [];
  let page = await read({ first: size });
  pages.push(page);
  while (page.pageInfo.hasNextPage) {
    page = await read({ first: size, after: page.pageInfo.endCursor });
    pages.push(page);
  }
  return { ids: pages.flatMap((p) => p.ids), pages };
};

/** Every item, `size` at a time, backward from the end, put back in list order. */
export const backward = async (read: ReadPage, size: number): Promise<string[]> => {
  let page = await read({ last: size });
  let ids = page.ids;
  while (page.pageInfo.hasPreviousPage) {
    page = await read({ last: size, before: page.pageInfo.startCursor });
    ids = page.ids.concat(ids);
  }
  return ids;
};

/** The walks agree both ways, and the page before each forward page is the forward page before it. */
export const expectBothWays = async (read: ReadPage, size: number, count: number): Promise<void> => {
  const ahead = await forward(read, size);
  expect(ahead.ids).toHaveLength(count);
  expect(new Set(ahead.ids).size).toBe(count);
  expect(await backward(read, size)).toEqual(ahead.ids);
  for (let i = 1; i < ahead.pages.length; i++) {
    const previous = await read({ last: size, before: ahead.pages[i].pageInfo.startCursor });
    expect(previous.ids).toEqual(ahead.pages[i - 1].ids);
    expect(previous.pageInfo.hasNextPage).toBe(true);
    expect(previous.pageInfo.hasPreviousPage).toBe(i > 1);
  }
};
