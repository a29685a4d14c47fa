/**
 * The crossword pattern language against a brute force: each sample GCG read a second, naive way
 * (its event lines split by hand, the plays laid on a 15x15 grid of letters, each main word read
 * off the grid) and every pattern tested on every play of that reading.
 */
import type { GameRecord } from '../../../src/db/records';
import { crosswordPatterns, type CrosswordPattern } from '../../../src/games/crossword/patterns';
import { gcgReader } from '../../../src/games/crossword/formats';
import { gameOf } from '../../../src/games/index';
import type { PatternGame } from '../../../src/games/patterns';
import { GCG_FILES, readBytes, readText } from '../../codecs/crossword/fixtures';

// ---------------------------------------------------------------------------------------
// The module's side: the game as the GCG reader records it

const recordOf = async (bytes: Uint8Array): Promise<GameRecord> => {
  const input = async function* () {
    yield bytes;
  };
  for await (const chunk of gcgReader.read(input(), {})) if (chunk.games?.[0]) return chunk.games[0];
  throw new Error('no game');
};

const patternGame = (r: GameRecord): PatternGame => ({
  plies: r.plies,
  source: r.source,
  sourceFormat: r.sourceFormat,
  metadata: r.metadata ?? {},
  outcome: r.outcome,
  player1: r.player1 ?? null,
  player2: r.player2 ?? null,
});

const read = (pattern: unknown): CrosswordPattern => {
  const r = crosswordPatterns.read(pattern);
  if (!r.ok) throw new Error(`${r.error.key}: ${r.error.message}`);
  return r.query;
};

/** A hit as compared: the ply, the continuation's text and who made it. */
interface Seen {
  ply: number;
  move: string;
  byFirst: boolean;
}

const moduleHits = (pattern: unknown, game: PatternGame): Seen[] =>
  crosswordPatterns.hits(read(pattern), game).map((h) => ({ ply: h.ply, move: h.continuation?.move ?? '(none)', byFirst: h.continuation?.byFirst ?? false }));

// ---------------------------------------------------------------------------------------
// The brute force: a second reading of the GCG text

interface NaivePlay {
  /** The event's index among the event lines (a GCG game's ply from which it was made). */
  ply: number;
  name: string;
  first: boolean;
  move: string;
  /** The main word off the grid, upper case. */
  word: string;
  placed: number;
  score: number;
}

interface NaiveGame {
  lexicon: string | null;
  plays: NaivePlay[];
}

const decode = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return Array.from(bytes, (b) => String.fromCharCode(b)).join('');
  }
};

const COORDINATE = /^(?:(\d+)([A-Za-z])|([A-Za-z])(\d+))$/;
const SIZE = 15;

const naiveGame = (bytes: Uint8Array): NaiveGame => {
  const grid: string[][] = Array.from({ length: SIZE }, () => new Array<string>(SIZE).fill(''));
  const players = new Map<string, { first: boolean; name: string }>();
  const lastPlaced = new Map<string, [number, number][]>();
  const plays: NaivePlay[] = [];
  let lexicon: string | null = null;
  let events = 0;
  const runAt = (r0: number, c0: number, dr: number, dc: number): string => {
    let r = r0;
    let c = c0;
    while (r - dr >= 0 && c - dc >= 0 && grid[r - dr][c - dc] !== '') [r, c] = [r - dr, c - dc];
    let word = '';
    for (; r < SIZE && c < SIZE && grid[r][c] !== ''; r += dr, c += dc) word += grid[r][c].toUpperCase();
    return word;
  };
  for (const line of decode(bytes).split(/\r\n|\r|\n/)) {
    const player = /^#player([12])\s+(\S+)\s*(.*)$/.exec(line);
    if (player) players.set(player[2], { first: player[1] === '1', name: player[3].trim() || player[2] });
    const lex = /^#lexicon\s+(\S+)/.exec(line);
    if (lex) lexicon = lex[1];
    const event = /^>([^:]+):(.*)$/.exec(line);
    if (!event) continue;
    const ply = events++;
    const nick = event[1];
    const words = event[2].trim().split(/\s+/);
    if (words.includes('--')) {
      for (const [r, c] of lastPlaced.get(nick) ?? []) grid[r][c] = '';
      lastPlaced.delete(nick);
      continue;
    }
    const at = words.findIndex((w, k) => COORDINATE.test(w) && /^[+-]\d+$/.test(words[k + 2] ?? ''));
    if (at < 0) continue;
    const m = COORDINATE.exec(words[at])!;
    const across = m[1] !== undefined;
    const row = Number(across ? m[1] : m[4]) - 1;
    const col = (across ? m[2] : m[3]).toUpperCase().charCodeAt(0) - 65;
    const [dr, dc] = across ? [0, 1] : [1, 0];
    const placed: [number, number][] = [];
    Array.from(words[at + 1]).forEach((ch, k) => {
      const [r, c] = [row + dr * k, col + dc * k];
      if (ch !== '.' && grid[r][c] === '') {
        grid[r][c] = ch;
        placed.push([r, c]);
      }
    });
    lastPlaced.set(nick, placed);
    let word = runAt(row, col, dr, dc);
    if (word.length === 1) word = runAt(row, col, dc, dr);
    const who = players.get(nick)!;
    plays.push({ ply, name: who.name, first: who.first, move: `${words[at]} ${words[at + 1]}`, word, placed: placed.length, score: Number(words[at + 2]) });
  }
  return { lexicon, plays };
};

/** A plain pattern (keys as the client writes them) tested on a naive play. */
interface Plain {
  word?: string;
  bingo?: boolean;
  player?: string;
  lexicon?: string;
  minScore?: number;
}

const wordRegExp = (word: string): RegExp =>
  new RegExp(`^${Array.from(word, (c) => (c === '?' ? '.' : c === '*' ? '.*' : c.toUpperCase())).join('')}$`, 'u');

const naiveHits = (p: Plain, game: NaiveGame): Seen[] =>
  game.plays
    .filter(
      (play) =>
        (p.word === undefined || wordRegExp(p.word).test(play.word)) &&
        (p.bingo === undefined || (play.placed === 7) === p.bingo) &&
        (p.player === undefined || play.name.toLowerCase().includes(p.player.toLowerCase())) &&
        (p.lexicon === undefined || game.lexicon?.toUpperCase() === p.lexicon.toUpperCase()) &&
        (p.minScore === undefined || play.score >= p.minScore),
    )
    .map((play) => ({ ply: play.ply, move: play.move, byFirst: play.first }));

// ---------------------------------------------------------------------------------------

interface Fixture {
  file: string;
  game: PatternGame;
  naive: NaiveGame;
}

const fixtures: Fixture[] = [];

beforeAll(async () => {
  for (const file of GCG_FILES) {
    const bytes = readBytes(file);
    fixtures.push({ file, game: patternGame(await recordOf(bytes)), naive: naiveGame(bytes) });
  }
});

const fixture = (name: string): Fixture => fixtures.find((f) => f.file.endsWith(name))!;

const PATTERNS: Plain[] = [
  { word: '*' },
  { word: '??' },
  { word: '???' },
  { word: '*ING' },
  { word: '*E*' },
  { word: 's*' },
  { word: '*s' },
  { word: '?I*' },
  { word: 'c?a*' },
  { word: 'RELIGION' },
  { word: '*Ę*' },
  { word: 'STĘPIĆ' },
  { bingo: true },
  { bingo: false },
  { minScore: 30 },
  { minScore: 0 },
  { player: 'e' },
  { player: 'FRENTZ' },
  { player: 'Michal' },
  { player: 'HÉR' },
  { lexicon: 'nwl18' },
  { lexicon: 'CSW21' },
  { word: '*A*', bingo: true, minScore: 75 },
  { word: '*a?', player: 'o' },
  { word: '*', lexicon: 'NWL18', bingo: false, minScore: 20 },
];

describe('crossword patterns against a naive second reading of every sample game', () => {
  it('reads every sample into plays the same way both readings count them (the readings agree before any pattern)', () => {
    for (const f of fixtures) expect(moduleHits({ word: '*' }, f.game)).toEqual(naiveHits({ word: '*' }, f.naive));
    expect(fixtures.reduce((n, f) => n + f.naive.plays.length, 0)).toBeGreaterThan(100);
  });

  it.each(PATTERNS.map((p) => [JSON.stringify(p), p] as const))('%s: the same plies, continuations and movers in every game', (_name, p) => {
    for (const f of fixtures) expect({ file: f.file, hits: moduleHits(p, f.game) }).toEqual({ file: f.file, hits: naiveHits(p, f.naive) });
    const total = fixtures.reduce((n, f) => n + naiveHits(p, f.naive).length, 0);
    if (p.lexicon === 'CSW21') expect(total).toBe(0);
    else expect(total).toBeGreaterThan(0);
  });

  it('gives the same continuation counts over the samples as the naive reading', () => {
    const count = (hits: Seen[][]): Record<string, number> => {
      const out: Record<string, number> = {};
      for (const h of hits.flat()) out[`${h.move}/${h.byFirst}`] = (out[`${h.move}/${h.byFirst}`] ?? 0) + 1;
      return out;
    };
    const p: Plain = { word: '*E*', bingo: false };
    const counts = count(fixtures.map((f) => moduleHits(p, f.game)));
    expect(counts).toEqual(count(fixtures.map((f) => naiveHits(p, f.naive))));
    expect(Object.keys(counts).length).toBeGreaterThan(20);
  });
});

describe('what a crossword pattern matches', () => {
  it('counts a blank as its letter, in either case: doug_v_emely K5 RE.IgION is RELIGION', () => {
    const { game } = fixture('doug_v_emely_double_challenge.gcg');
    const expected = [{ ply: 17, move: 'K5 RE.IgION', byFirst: true }];
    expect(moduleHits({ word: 'RELIGION' }, game)).toEqual(expected);
    expect(moduleHits({ word: 'religion' }, game)).toEqual(expected);
    expect(moduleHits({ word: 'REL?G*' }, game)).toEqual(expected);
  });

  it('keeps bingos only: vs_frentz has six, by both players', () => {
    const moves = moduleHits({ bingo: true }, fixture('vs_frentz.gcg').game).map((h) => [h.move, h.byFirst]);
    expect(moves).toEqual([
      ['8D CRAAlED', true],
      ['E2 ENDOWE.S', false],
      ['15C STERILE', false],
      ['3E ..NVIRILE', true],
      ['13G ACErBER', false],
      ['O6 RIMLAN.S', false],
    ]);
  });

  it('keeps the plays of the named player only, by part of the name in any case', () => {
    const hits = moduleHits({ player: 'FRENT' }, fixture('vs_frentz.gcg').game);
    expect(hits.map((h) => h.move)).toEqual(['E2 ENDOWE.S', 'F2 NOOK', '10F YEP', '12B SAFE', '14A GUL', '15C STERILE', '14E TUM', '13G ACErBER', 'L1 VU.GO', '2K Q.OTH', 'O6 RIMLAN.S']);
    expect(hits.every((h) => !h.byFirst)).toBe(true);
    expect(moduleHits({ player: 'nobody' }, fixture('vs_frentz.gcg').game)).toEqual([]);
  });

  it('reads * as any run, none included: *ING and E* and *E', () => {
    const { game } = fixture('utf8_dos.gcg');
    const words = (w: string) => moduleHits({ word: w }, game).map((h) => h.move);
    expect(words('C*')).toContain('E7 C.ATCH');
    expect(words('CLATCH*')).toEqual(['E7 C.ATCH']);
    expect(words('*CLATCH')).toEqual(['E7 C.ATCH']);
    expect(words('*LAT*')).toContain('E7 C.ATCH');
  });

  it('rebuilds the main word from the board through the tiles GCG writes as dots: 8A BIRC. is BIRCH', () => {
    const { game } = fixture('many_challenges.gcg');
    expect(moduleHits({ word: 'BIRCH' }, game).map((h) => h.move)).toEqual(['8A BIRC.']);
    expect(moduleHits({ word: 'BIRC' }, game)).toEqual([]);
  });

  it('extends the main word over tiles at its ends the GCG word leaves out, and reads a one-tile play across', async () => {
    const gcg = ['#player1 a Ann', '#player2 b Bob', '>a: ACTXYZQ 8G CAT +10 10', '>b: SDEFGHI 8J S +6 6', '>a: XYZQEEE 9J E +2 12', ''].join('\n');
    const game = patternGame(await recordOf(new Uint8Array(Buffer.from(gcg))));
    expect(moduleHits({ word: 'CATS' }, game)).toEqual([{ ply: 1, move: '8J S', byFirst: false }]);
    expect(moduleHits({ word: 'SE' }, game)).toEqual([{ ply: 2, move: '9J E', byFirst: true }]);
    expect(moduleHits({ word: '?' }, game)).toEqual([]);
  });

  it('names the player who made the play after a line of their own (a challenge penalty)', async () => {
    const gcg = ['#player1 a Ann', '#player2 b Bob', '>a: ACTXYZQ 8G CAT +10 10', '>b: DOXSEEE (challenge) -5 -5', '>b: DOXSEEE H8 .X +9 4', ''].join('\n');
    const game = patternGame(await recordOf(new Uint8Array(Buffer.from(gcg))));
    expect(moduleHits({ word: 'AX' }, game)).toEqual([{ ply: 2, move: 'H8 .X', byFirst: false }]);
    expect(moduleHits({ player: 'bob' }, game).map((h) => h.ply)).toEqual([2]);
    expect(moduleHits({ player: 'ann' }, game).map((h) => h.ply)).toEqual([0]);
  });

  it('counts a play later withdrawn as a phony from the position it was played in', () => {
    const { game } = fixture('doug_v_emely_double_challenge.gcg');
    expect(moduleHits({ word: 'TIL??' }, game)).toEqual([{ ply: 5, move: '4B TIL..', byFirst: false }]);
  });

  it('never matches a pass or an exchange: none of polish_endgame\'s seven is a hit', () => {
    const { game } = fixture('polish_endgame.gcg');
    const events = readText('macondo/gcg/polish_endgame.gcg').split(/\r?\n/).filter((l) => l.startsWith('>'));
    const passes = events.flatMap((l, ply) => (/^>[^:]+:\s*\S*\s+-[^-\s]*\s+\+0\s/.test(l) ? [ply] : []));
    expect(passes.length).toBe(7);
    const hits = moduleHits({ minScore: 0 }, game).map((h) => h.ply);
    expect(hits.length).toBeGreaterThan(40);
    expect(hits.filter((ply) => passes.includes(ply))).toEqual([]);
  });

  it('keeps games of the lexicon asked, any case', () => {
    const { game } = fixture('incomplete.gcg');
    expect(moduleHits({ lexicon: 'nwl18' }, game).length).toBe(fixture('incomplete.gcg').naive.plays.length);
    expect(moduleHits({ lexicon: 'NWL2' }, game)).toEqual([]);
  });

  it('is the pattern language of the crossword module', () => {
    expect(gameOf('CROSSWORD').patterns).toBe(crosswordPatterns);
  });
});

describe('reading a crossword pattern', () => {
  it.each([
    ['a list', [], '', /JSON object/],
    ['null', null, '', /JSON object/],
    ['an empty object', {}, '', /at least one of the keys word, bingo, player, lexicon, minScore/],
    ['an unknown key', { words: 'QI' }, 'words', /unknown key/],
    ['a word that is not text', { word: 5 }, 'word', /not a number/],
    ['an empty word', { word: '' }, 'word', /empty/],
    ['a dot in a word', { word: 'Q.I' }, 'word', /"\." at position 2/],
    ['a digit in a word', { word: 'QI2' }, 'word', /"2" at position 3/],
    ['an unclosed bracket', { word: '[CH' }, 'word', /not closed/],
    ['a bingo that is not true or false', { bingo: 'yes' }, 'bingo', /true .* or false/],
    ['an empty player', { player: ' ' }, 'player', /empty/],
    ['a lexicon that is not text', { lexicon: 21 }, 'lexicon', /name/],
    ['a fractional minScore', { minScore: 2.5 }, 'minScore', /whole number.*2\.5/],
    ['a minScore in text', { minScore: '50' }, 'minScore', /whole number/],
  ])('refuses %s, naming the key', (_name, pattern, key, message) => {
    const r = crosswordPatterns.read(pattern);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.key).toBe(key);
      expect(r.error.message).toMatch(message);
    }
  });

  it('reads every key, folding case and runs of *', () => {
    const r = crosswordPatterns.read({ word: 'q?i**[ch]', bingo: true, player: 'Doug', lexicon: 'csw21', minScore: 50 });
    expect(r).toEqual({
      ok: true,
      query: {
        word: {
          text: 'q?i**[ch]',
          tokens: [{ kind: 'tile', name: 'Q' }, { kind: 'one' }, { kind: 'tile', name: 'I' }, { kind: 'run' }, { kind: 'tile', name: 'CH' }],
        },
        bingo: true,
        player: 'doug',
        lexicon: 'CSW21',
        minScore: 50,
      },
    });
  });
});

describe('the crossword pre-filter', () => {
  const signature = crosswordPatterns.signature!;

  it('keeps a game signature within 32 bytes', () => {
    for (const f of fixtures) expect(signature.of(f.game.plies).length).toBeLessThanOrEqual(32);
  });

  it('never rules out a game the pattern matches', () => {
    for (const f of fixtures) {
      const sig = signature.of(f.game.plies);
      for (const p of PATTERNS) if (naiveHits(p, f.naive).length > 0) expect({ file: f.file, p, may: signature.mayHold(read(p), sig) }).toEqual({ file: f.file, p, may: true });
    }
  });

  it('rules out a game where a letter of the pattern was never in a main word', () => {
    let checked = 0;
    for (const f of fixtures) {
      const played = new Set(f.naive.plays.flatMap((p) => Array.from(p.word)));
      const absent = Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ').find((c) => !played.has(c));
      if (!absent) continue;
      expect(signature.mayHold(read({ word: `*${absent}*` }), signature.of(f.game.plies))).toBe(false);
      checked++;
    }
    expect(checked).toBeGreaterThan(2);
  });

  it('rules out a game with no bingo, no play that high, no word that long', () => {
    const { game, naive } = fixture('name_iso8859-1.gcg');
    const sig = signature.of(game.plies);
    expect(naive.plays.some((p) => p.placed === 7)).toBe(false);
    expect(signature.mayHold(read({ bingo: true }), sig)).toBe(false);
    const best = Math.max(...naive.plays.map((p) => p.score));
    expect(signature.mayHold(read({ minScore: best }), sig)).toBe(true);
    expect(signature.mayHold(read({ minScore: best + 1 }), sig)).toBe(false);
    const longest = Math.max(...naive.plays.map((p) => Array.from(p.word).length));
    expect(signature.mayHold(read({ word: `${'?'.repeat(longest)}*` }), sig)).toBe(true);
    expect(signature.mayHold(read({ word: `${'?'.repeat(longest + 1)}*` }), sig)).toBe(false);
  });
});
