/**
 * Reads chunks one ahead: as soon as a chunk is handed over (to be stored), the next one is
 * produced, so a reader's parsing overlaps the database's work on the previous chunk. At most
 * two chunks are held. The next chunk is started on the following turn of the event loop, after
 * the consumer has sent its first statement.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  const nextSoon = (): Promise<IteratorResult<T>> => {
    const next = new Promise<void>((resolve) => setImmediate(resolve)).then(() => it.next());
    // Handled where it is awaited; this only keeps a failure that comes first from being reported as unhandled.
    next.catch(() => undefined);
    return next;
  };
  let finished = false;
  try {
    let result = await it.next();
    while (!result.done) {
      const pending = nextSoon();
      yield result.value;
      result = await pending;
    }
    finished = true;
  } finally {
    // The consumer stopped early (a failed write): let the source clean up.
    if (!finished) await Promise.resolve(it.return?.()).catch(() => undefined);
  }
}
