/**
 * The pattern search around the languages (src/storage/patternSearch.ts), with a test language over
 * chess plies (a text in the board's piece placement): which games match and at which ply, the
 * continuations' counts and results, the filter, paging from the kept answer, the pre-filter
 * signatures (written at import and by the catch-up, ruling games out, a null one ruling none out)
 * and the statement timeout. Every expected answer is counted from the rated fixture by chess.js.
 */
import type { Database } from '../../src/db/database';
import { readerFor } from '../../src/games/index';
import { bytesSource, runImport } from '../../src/storage/importService';
import { attributePendingImports } from '../../src/storage/reanalyse';
import { type PatternSearch, PatternSearchTimeout, patternSearch, readPattern, scanPattern } from '../../src/storage/patternSearch';
import { keepSignaturesFrom } from '../../src/storage/patternSignatures';
import { databaseError } from '../../src/api/databaseErrors';
import { describeEachDatabase } from '../support/databases';
import { RATED_PGN, ratedGames } from '../support/ratedGames';
import { expectedSearch, lendPatternLanguage, placementLanguage } from '../support/patternLanguages';
import type { GameQuery } from '../../src/storage/gameFilter';

const fixture = ratedGames();
/** A white pawn alone on its rank on the e-file: reached in many games, at several plies in some. */
const TEXT = '4P3';

describeEachDatabase('pattern search', (getDb) => {
  /** Fixture index of each stored game, by id. */
  const indexOf = new Map<bigint, number>();
  let importId: bigint;

  const search = (text: string, language = placementLanguage(), filter: GameQuery = {}): PatternSearch<string> => ({
    kind: 'CHESS',
    language,
    pattern: { placement: text },
    query: text,
    filter,
  });
  const asFound = (matches: { gameId: bigint; ply: number }[]) => matches.map((m) => ({ index: indexOf.get(m.gameId), ply: m.ply }));

  beforeAll(async () => {
    // Imported while chess lends a language with a signature: the import writes each game's.
    const restore = lendPatternLanguage('CHESS', placementLanguage({ signature: true }));
    try {
      const outcome = await runImport(getDb(), readerFor('PGN')!, bytesSource(Buffer.from(RATED_PGN)));
      importId = outcome.importId;
    } finally {
      restore();
    }
    const rows = await getDb().sql.query<{ id: bigint; indexInFile: number }>(`SELECT id, "indexInFile" FROM "Game"`);
    for (const r of rows) indexOf.set(r.id, r.indexInFile);
  });

  it('finds each game whose main line reaches the pattern at its first matching ply, and counts every matching ply', async () => {
    const expected = expectedSearch(fixture, TEXT);
    expect(expected.matches.length).toBeGreaterThan(20);
    expect(expected.totalCount).toBeGreaterThan(expected.matches.length);
    const page = await patternSearch(getDb(), search(TEXT), { first: 1000 });
    expect(asFound(page.matches)).toEqual(expected.matches);
    expect(page.gameCount).toBe(expected.matches.length);
    expect(page.totalCount).toBe(expected.totalCount);
    expect(page.hasNextPage).toBe(false);
  });

  it('counts the moves played from the matching positions, a game once per move, with results, ratings and dates from the mover\'s side', async () => {
    const expected = expectedSearch(fixture, TEXT);
    const page = await patternSearch(getDb(), search(TEXT), { first: 0 });
    // Rows compared whole, in one order (a move made by either side is a row for each).
    const text = (r: Row) => JSON.stringify([r.move, r.count, r.wins, r.draws, r.losses, r.unknown, r.averageRating, r.lastPlayed]);
    const order = (a: Row, b: Row) => (text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0);
    type Row = { move: string; count: number; wins: number; draws: number; losses: number; unknown: number; averageRating: number | null; lastPlayed: string | null };
    const found: Row[] = page.continuations.map(({ move, count, wins, draws, losses, unknown, averageRating, lastPlayed }) => ({ move, count, wins, draws, losses, unknown, averageRating, lastPlayed }));
    const want: Row[] = [...expected.continuations].map(([key, { games, ...row }]) => ({ move: key.split(' ')[1], count: games, ...row }));
    expect(want.length).toBeGreaterThan(5);
    expect(found.sort(order)).toEqual(want.sort(order));
    // Most played first.
    const counts = page.continuations.map((m) => m.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('searches only the games the filter keeps', async () => {
    const expected = expectedSearch(fixture, TEXT, (g) => g.mean !== null && g.mean >= 2000);
    const page = await patternSearch(getDb(), search(TEXT, placementLanguage(), { minRating: 2000 }), { first: 1000 });
    expect(asFound(page.matches)).toEqual(expected.matches);
    expect(page.totalCount).toBe(expected.totalCount);
    expect(expected.matches.length).toBeLessThan(expectedSearch(fixture, TEXT).matches.length);
  });

  it('finds nothing when the filter keeps another kind of game', async () => {
    const page = await patternSearch(getDb(), search(TEXT, placementLanguage(), { kind: 'GO' }), { first: 10 });
    expect([page.totalCount, page.gameCount, page.matches, page.continuations]).toEqual([0, 0, [], []]);
  });

  it('pages the matching games after a game id from the kept answer, without testing a game again', async () => {
    let tested = 0;
    const language = placementLanguage({ onGame: () => void tested++ });
    const expected = expectedSearch(fixture, TEXT);
    const pages: { index: number | undefined; ply: number }[][] = [];
    let after: bigint | undefined;
    for (;;) {
      const page = await patternSearch(getDb(), search(TEXT, language), { first: 7, after });
      pages.push(asFound(page.matches));
      if (!page.hasNextPage) break;
      after = page.matches[page.matches.length - 1].gameId;
    }
    expect(pages.length).toBe(Math.ceil(expected.matches.length / 7));
    expect(pages.flat()).toEqual(expected.matches);
    expect(tested).toBe(fixture.length);
  });

  it('writes each game\'s signature at import, from its main line', async () => {
    const rows = await getDb().sql.query<{ indexInFile: number; signature: Uint8Array | null }>(
      `SELECT "indexInFile", "patternSignature" AS signature FROM "Game" ORDER BY id`,
    );
    expect(rows.map((r) => (r.signature === null ? null : Buffer.from(r.signature).toString()))).toEqual(
      rows.map((r) => fixture[r.indexInFile].fens.map((fen) => fen.split(' ')[0]).join('|')),
    );
  });

  it('replays only the games whose signature may hold the pattern, and answers the same', async () => {
    let tested = 0;
    const found = await scanPattern(getDb(), search(TEXT, placementLanguage({ signature: true, onGame: () => void tested++ })));
    const expected = expectedSearch(fixture, TEXT);
    expect(asFound(found.matches)).toEqual(expected.matches);
    expect(found.totalCount).toBe(expected.totalCount);
    // The signature is exact here: every game it lets through matches.
    expect([found.candidateGames, found.replayedGames, tested]).toEqual([fixture.length, expected.matches.length, expected.matches.length]);
  });

  it('never rules out a game without a signature', async () => {
    const db = getDb();
    await db.sql.query(`UPDATE "Game" SET "patternSignature" = NULL WHERE "indexInFile" % 3 = 0`);
    try {
      let tested = 0;
      const found = await scanPattern(db, search(TEXT, placementLanguage({ signature: true, onGame: () => void tested++ })));
      const expected = expectedSearch(fixture, TEXT);
      expect(asFound(found.matches)).toEqual(expected.matches);
      const unsigned = fixture.filter((_, i) => i % 3 === 0).length;
      const signedMatching = expected.matches.filter((m) => m.index % 3 !== 0).length;
      expect(tested).toBe(unsigned + signedMatching);
    } finally {
      await db.sql.query(`UPDATE "Game" SET "patternSignature" = NULL`);
    }
  });

  it('fills the signatures of games stored before, in the attributes catch-up', async () => {
    const db = getDb();
    await db.sql.query(`UPDATE "Game" SET "patternSignature" = NULL`);
    await db.sql.query(`UPDATE "Import" SET attributed = false WHERE id = $1`, [importId]);
    const restore = lendPatternLanguage('CHESS', placementLanguage({ signature: true }));
    try {
      expect(await attributePendingImports(db)).toBe(fixture.length);
    } finally {
      restore();
    }
    const rows = await db.sql.query<{ indexInFile: number; signature: Uint8Array | null }>(`SELECT "indexInFile", "patternSignature" AS signature FROM "Game"`);
    for (const r of rows) expect(Buffer.from(r.signature ?? []).toString()).toBe(fixture[r.indexInFile].fens.map((fen) => fen.split(' ')[0]).join('|'));
  });

  describe('with signatures that answer the hits themselves', () => {
    /** Signs every game again with the language's signature (the attributes catch-up, with the language lent). */
    const signWith = async (language: ReturnType<typeof placementLanguage>): Promise<void> => {
      await getDb().sql.query(`UPDATE "Import" SET attributed = false WHERE id = $1`, [importId]);
      const restore = lendPatternLanguage('CHESS', language);
      try {
        await attributePendingImports(getDb());
      } finally {
        restore();
      }
    };
    // The signatures as the import wrote them, for the tests after these.
    afterAll(() => signWith(placementLanguage({ signature: true })));

    it.each([
      ['read from SQL', Infinity, 100_010],
      ['kept in memory', 1, 100_011],
    ])('replays no game whose signature answers, and counts the same matches and continuations (signatures %s)', async (_, keepFrom, maxPlies) => {
      let tested = 0;
      const language = placementLanguage({ answers: {}, onGame: () => void tested++ });
      await signWith(language);
      const before = keepSignaturesFrom(keepFrom);
      const found = await scanPattern(getDb(), search(TEXT, language, { maxPlies })).finally(() => keepSignaturesFrom(before));
      const expected = expectedSearch(fixture, TEXT);
      expect(asFound(found.matches)).toEqual(expected.matches);
      expect(found.totalCount).toBe(expected.totalCount);
      const byKey = new Map(found.continuations.map((c) => [`${c.byFirst ? 'first' : 'second'} ${c.move}`, [c.count, c.wins, c.draws, c.losses]]));
      expect(byKey).toEqual(new Map([...expected.continuations].map(([key, c]) => [key, [c.games, c.wins, c.draws, c.losses]])));
      expect([found.candidateGames, found.replayedGames, tested]).toEqual([fixture.length, 0, 0]);
    });

    it('replays the games whose signature declines to answer, applies the filter to the answered ones, and keeps id order', async () => {
      let tested = 0;
      // Declines the signatures of odd length.
      const language = placementLanguage({ answers: { declines: (s) => s.length % 2 === 1 }, onGame: () => void tested++ });
      await signWith(language);
      const found = await scanPattern(getDb(), search(TEXT, language, { minRating: 2000 }));
      const expected = expectedSearch(fixture, TEXT, (g) => g.mean !== null && g.mean >= 2000);
      expect(asFound(found.matches)).toEqual(expected.matches);
      expect(found.totalCount).toBe(expected.totalCount);
      expect(tested).toBeGreaterThan(0);
      expect(tested).toBeLessThan(expected.matches.length);
    });
  });

  it("asks the language's own replay of each stored game first, and replays with the import's reader only the games it declines", async () => {
    // The own replay reads the games whose source has an odd length (and finds no hit in them); it declines the others.
    const sources = await getDb().sql.query<{ indexInFile: number; length: number }>(`SELECT "indexInFile", octet_length(source) AS length FROM "Game"`);
    const odd = new Set(sources.filter((r) => r.length % 2 === 1).map((r) => r.indexInFile));
    let replayed = 0;
    const language = placementLanguage({ onGame: () => void replayed++, stored: (game) => (game.source.length % 2 === 1 ? [] : null) });
    const found = await scanPattern(getDb(), search(TEXT, language, { maxPlies: 100_000 }));
    const expected = expectedSearch(fixture, TEXT, (g) => !odd.has(fixture.indexOf(g)));
    expect(odd.size).toBeGreaterThan(0);
    expect(odd.size).toBeLessThan(fixture.length);
    expect(asFound(found.matches)).toEqual(expected.matches);
    expect(found.totalCount).toBe(expected.totalCount);
    expect(replayed).toBe(fixture.length - odd.size);
  });

  describe('with the signatures kept in memory', () => {
    let before: number;
    beforeAll(() => {
      before = keepSignaturesFrom(1);
    });
    afterAll(() => {
      keepSignaturesFrom(before);
    });

    it('replays only the games whose kept signature may hold the pattern, and answers the same', async () => {
      let tested = 0;
      const found = await scanPattern(getDb(), search(TEXT, placementLanguage({ signature: true, onGame: () => void tested++ }), { maxPlies: 100_001 }));
      const expected = expectedSearch(fixture, TEXT);
      expect(asFound(found.matches)).toEqual(expected.matches);
      expect(found.totalCount).toBe(expected.totalCount);
      expect([found.candidateGames, found.replayedGames, tested]).toEqual([fixture.length, expected.matches.length, expected.matches.length]);
    });

    it('applies the filter to the games the kept signatures let through', async () => {
      const expected = expectedSearch(fixture, TEXT, (g) => g.mean !== null && g.mean >= 2000);
      const found = await scanPattern(getDb(), search(TEXT, placementLanguage({ signature: true }), { minRating: 2000 }));
      expect(asFound(found.matches)).toEqual(expected.matches);
      expect(found.totalCount).toBe(expected.totalCount);
    });

    it('reads the signatures again once the imports changed, never ruling out a game without one', async () => {
      const db = getDb();
      const language = placementLanguage({ signature: true, onGame: () => undefined });
      const expected = expectedSearch(fixture, TEXT);
      const signedOnly = await scanPattern(db, search(TEXT, language, { maxPlies: 100_002 }));
      expect(signedOnly.replayedGames).toBe(expected.matches.length);
      await db.sql.query(`UPDATE "Game" SET "patternSignature" = NULL WHERE "indexInFile" % 3 = 0`);
      await db.sql.query(`UPDATE "Import" SET attributed = false`);
      try {
        const found = await scanPattern(db, search(TEXT, language, { maxPlies: 100_003 }));
        expect(asFound(found.matches)).toEqual(expected.matches);
        const unsigned = fixture.filter((_, i) => i % 3 === 0).length;
        const signedMatching = expected.matches.filter((m) => m.index % 3 !== 0).length;
        expect(found.replayedGames).toBe(unsigned + signedMatching);
      } finally {
        await db.sql.query(`UPDATE "Import" SET attributed = true`);
        await db.sql.query(`UPDATE "Game" SET "patternSignature" = NULL`);
      }
    });
  });

  it('stops a search that runs past the statement timeout, as a cancelled statement (QUERY_TIMEOUT)', async () => {
    const slow: Database = { ...getDb(), statementTimeoutMs: 1 };
    const failure = await patternSearch(slow, search(TEXT, placementLanguage({ slowMs: 3 })), { first: 10 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(PatternSearchTimeout);
    expect(databaseError(failure)?.extensions.code).toBe('QUERY_TIMEOUT');
  });

  it('reads a pattern with the kind\'s language, naming the key it refuses, and refuses a kind without one', () => {
    const language = placementLanguage();
    expect(readPattern('CHESS', language, { placement: TEXT })).toEqual({ ok: true, language, query: TEXT });
    expect(readPattern('CHESS', language, { placement: 3 })).toEqual({ ok: false, argument: 'pattern.placement', message: 'pattern.placement: must be a non-empty text, got 3' });
    expect(readPattern('CHESS', language, [])).toEqual({ ok: false, argument: 'pattern', message: 'pattern: must be an object' });
    expect(readPattern('GO', undefined, {})).toMatchObject({ ok: false, argument: 'kind' });
  });
});

describeEachDatabase('pattern search over several pages of games', (getDb) => {
  /** The fixture four times over (1,200 games: pages of 500 games, or of 1,000 signatures), each copy under its own event. */
  const COPIES = 4;

  beforeAll(async () => {
    const restore = lendPatternLanguage('CHESS', placementLanguage({ signature: true }));
    try {
      const copies = Array.from({ length: COPIES }, (_, i) => RATED_PGN.replace(/\[Event "Rated fixture"\]/g, `[Event "Copy ${i}"]`)).join('\n');
      await runImport(getDb(), readerFor('PGN')!, bytesSource(Buffer.from(copies)));
    } finally {
      restore();
    }
  });

  it.each([
    ['without signatures', false, false],
    ['with signatures', true, false],
    ['with signatures kept in memory', true, true],
  ])('reads every page of games %s', async (_, signature, inMemory) => {
    const once = expectedSearch(fixture, TEXT);
    const before = keepSignaturesFrom(inMemory ? 1 : Infinity);
    const found = await scanPattern(getDb(), {
      kind: 'CHESS',
      language: placementLanguage({ signature }),
      pattern: { placement: TEXT },
      query: TEXT,
      filter: {},
    }).finally(() => keepSignaturesFrom(before));
    const rows = await getDb().sql.query<{ id: bigint; indexInFile: number }>(`SELECT id, "indexInFile" FROM "Game" ORDER BY id`);
    const place = new Map(rows.map((r) => [r.id, r.indexInFile % fixture.length]));
    expect(found.candidateGames).toBe(COPIES * fixture.length);
    expect(found.totalCount).toBe(COPIES * once.totalCount);
    expect(found.matches.map((m) => ({ index: place.get(m.gameId), ply: m.ply }))).toEqual(Array.from({ length: COPIES }, () => once.matches).flat());
  });
});
