/**
 * The examples the Pattern search tab's query boxes open with (web/dashboard/patternGames.ts) are
 * patterns their game's language reads, so a first Search never starts with an error.
 */
import { gameOf } from '../../src/games';
import { PATTERN_GAMES } from '../../web/dashboard/patternGames';

describe("the Pattern search tab's example patterns", () => {
  it.each(PATTERN_GAMES.filter((g) => g.example !== ''))('the $title box opens with a pattern the $kind language reads', ({ kind, example }) => {
    const language = gameOf(kind).patterns;
    expect(language).toBeDefined();
    const read = language!.read(JSON.parse(example));
    expect(read.ok ? 'read' : read.error).toBe('read');
  });
});
