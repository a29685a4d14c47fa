/**
 * The crossword pattern language (`patternSearch`, issue 28): the plays of a game's main line
 * whose main word matches a word pattern, bingos only, by the player who made them, in a
 * lexicon, scoring at least so many points. docs/GAMES.md ("Pattern search") documents it.
 *
 * `{"word": "Q?I*", "bingo": true, "player": "name", "lexicon": "CSW21", "minScore": 50}`;
 * every key is optional but one is needed, and the keys combine with AND.
 *
 * - `word`: the play's main word, tile by tile: a letter (any case), `?` one tile, `*` any run of
 *   tiles (possibly none), `[CH]` a multi-letter tile. A blank counts as the letter it stands
 *   for. The main word is the whole word along the play's direction, with the tiles already on
 *   the board it runs through or extends (GCG writes them `.`, or leaves out those at its ends);
 *   a one-tile play written along a line where it makes no word gives the word across it.
 * - `bingo`: true, plays of all seven tiles only; false, the other plays only.
 * - `player`: part of the name of the player who made the play, any case (as a GameFilter's
 *   `player` matches a game's players).
 * - `lexicon`: the game's lexicon (its `#lexicon` pragma, or the import's option), any case.
 * - `minScore`: the points the play scored as the game records them, at least.
 *
 * Only plays (tiles placed) are hits: passes, exchanges, challenges and end-of-game lines never
 * are. A play later withdrawn as a phony is a hit like any other play: it was played from that
 * position, and the explorer counts it there. The board is rebuilt from the plies' moves (the
 * GCG event texts), which is what the stored positions were replayed from.
 */
import {
  BINGO_TILES,
  BLANK_BIT,
  DEFAULT_BOARD,
  DEFAULT_DISTRIBUTION,
  EMPTY,
  type LetterDistribution,
  THROUGH,
  boardByName,
  distributionByName,
  parseCoordinate,
  parseTiles,
} from '../../codecs/crossword';
import type { PlyRecord } from '../../db/records';
import type { PatternGame, PatternHit, PatternLanguage, PatternRead, PatternSignature } from '../patterns';
import { crosswordExplorer } from './explorer';

/** One tile of a word pattern: `?`, `*`, or a tile by its name (upper case). */
export type WordToken = { kind: 'one' } | { kind: 'run' } | { kind: 'tile'; name: string };

/** A crossword pattern as read: the keys the client gave. */
export interface CrosswordPattern {
  word?: { text: string; tokens: readonly WordToken[] };
  bingo?: boolean;
  /** Lower case. */
  player?: string;
  /** Upper case. */
  lexicon?: string;
  minScore?: number;
}

/** The keys of a crossword pattern. */
export const CROSSWORD_PATTERN_KEYS = ['word', 'bingo', 'player', 'lexicon', 'minScore'] as const;

/** The longest `word` pattern read, in characters (a main word is at most a board's width). */
const MAX_WORD_PATTERN = 64;

// ---------------------------------------------------------------------------------------
// Reading a pattern

const wrong = (key: string, message: string): PatternRead<CrosswordPattern> => ({ ok: false, error: { key, message } });

const KEY_LIST = CROSSWORD_PATTERN_KEYS.join(', ');

/** A letter of a word pattern: any letter of any script (tiles are letters; `·` only inside brackets, as Catalan's `[L·L]`). */
const LETTER = /^\p{L}$/u;

/** Reads a `word` pattern into tokens; consecutive `*` are one. */
export const readWordPattern = (text: string): { ok: true; tokens: WordToken[] } | { ok: false; message: string } => {
  if (text === '') return { ok: false, message: 'an empty word pattern: write letters, ? (one tile) and * (any run)' };
  if (text.length > MAX_WORD_PATTERN) return { ok: false, message: `longer than ${MAX_WORD_PATTERN} characters` };
  const tokens: WordToken[] = [];
  const chars = Array.from(text);
  let at = 0; // position in characters, from 1 in messages
  for (let k = 0; k < chars.length; k++) {
    const c = chars[k];
    at = k + 1;
    if (c === '?') tokens.push({ kind: 'one' });
    else if (c === '*') {
      if (tokens[tokens.length - 1]?.kind !== 'run') tokens.push({ kind: 'run' });
    } else if (c === '[') {
      const close = chars.indexOf(']', k + 1);
      const inner = close < 0 ? [] : chars.slice(k + 1, close);
      if (close < 0) return { ok: false, message: `"[" at position ${at} is not closed by "]"` };
      if (inner.length === 0 || !inner.every((x) => LETTER.test(x) || x === '·')) {
        return { ok: false, message: `"[${inner.join('')}]" at position ${at} is not a tile: brackets hold the letters of one multi-letter tile, as [CH]` };
      }
      tokens.push({ kind: 'tile', name: inner.join('').toUpperCase() });
      k = close;
    } else if (LETTER.test(c)) tokens.push({ kind: 'tile', name: c.toUpperCase() });
    else return { ok: false, message: `${JSON.stringify(c)} at position ${at} is not a letter, ? (one tile), * (any run) or a [multi-letter tile]` };
  }
  return { ok: true, tokens };
};

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const typeName = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'string' ? 'text' : `a ${typeof v}`);

/** Reads a crossword pattern as the client sent it (see the module comment); the error names the key. */
export const readCrosswordPattern = (pattern: unknown): PatternRead<CrosswordPattern> => {
  if (!isPlainObject(pattern)) return wrong('', `a crossword pattern is a JSON object with any of the keys ${KEY_LIST}, not ${typeName(pattern)}`);
  const query: CrosswordPattern = {};
  for (const [key, value] of Object.entries(pattern)) {
    switch (key) {
      case 'word': {
        if (typeof value !== 'string') return wrong(key, `a word pattern (text such as "Q?I*") is needed, not ${typeName(value)}`);
        const read = readWordPattern(value);
        if (!read.ok) return wrong(key, `${JSON.stringify(value)}: ${read.message}`);
        query.word = { text: value, tokens: read.tokens };
        break;
      }
      case 'bingo':
        if (typeof value !== 'boolean') return wrong(key, `true (bingos only) or false (no bingos) is needed, not ${typeName(value)}`);
        query.bingo = value;
        break;
      case 'player':
      case 'lexicon': {
        if (typeof value !== 'string') return wrong(key, `a name (text) is needed, not ${typeName(value)}`);
        const name = value.trim();
        if (name === '') return wrong(key, 'an empty name');
        if (key === 'player') query.player = name.toLowerCase();
        else query.lexicon = name.toUpperCase();
        break;
      }
      case 'minScore':
        if (typeof value !== 'number' || !Number.isInteger(value)) {
          return wrong(key, `a whole number of points is needed, not ${typeof value === 'number' ? String(value) : typeName(value)}`);
        }
        query.minScore = value;
        break;
      default:
        return wrong(key, `unknown key: a crossword pattern has the keys ${KEY_LIST}`);
    }
  }
  if (Object.keys(query).length === 0) return wrong('', `an empty pattern: give at least one of the keys ${KEY_LIST}`);
  return { ok: true, query };
};

// ---------------------------------------------------------------------------------------
// A game's plays

/** One play of a game's main line, as the pattern language sees it. */
export interface CrosswordPlay {
  /** The ply it was made from (the position before it). */
  ply: number;
  /** Whether player 1 made it. */
  byFirst: boolean;
  /** The main word, as tile codes of the game's distribution (a blank as its letter's code). */
  word: readonly number[];
  /** Tiles the play put on the board. */
  placed: number;
  /** The points the play scored, as the game records them. */
  score: number;
}

/** What the game's first position says of its distribution and board. */
interface CrosswordSettings {
  distribution: LetterDistribution;
  rows: number;
  cols: number;
}

const settingsOf = (plies: readonly PlyRecord[]): CrosswordSettings | null => {
  const data = (plies[0]?.position.data ?? {}) as { distribution?: unknown; boardName?: unknown };
  const distribution = distributionByName(typeof data.distribution === 'string' ? data.distribution : DEFAULT_DISTRIBUTION);
  const layout = boardByName(typeof data.boardName === 'string' ? data.boardName : DEFAULT_BOARD);
  return distribution && layout ? { distribution, rows: layout.rows, cols: layout.cols } : null;
};

/** A play's text as the plies write it: `8D WINDY +32` (coordinate, word with `.` for tiles played through, score). */
const PLAY_TEXT = /^(\S+) (\S+) ([+-]\d+)$/;
/** A withdrawn phony: `-- -24`. */
const WITHDRAWAL_TEXT = /^-- [+-]\d+$/;

/**
 * Whether player 1 made the move from ply `i`: the position after it has the other player to
 * move (a GCG game's plies say so after every event); else the explorer's reading of ply `i`.
 */
const madeByFirst = (plies: readonly PlyRecord[], i: number): boolean => {
  const after = plies[i + 1]?.position.sideToMove;
  if (after === '1' || after === '2') return after === '2';
  return crosswordExplorer.moverIsFirst(plies[i].position.sideToMove ?? null);
};

/** The word through `(row, col)` along `(dr, dc)`: tile codes, blanks as their letters. */
const wordAlong = (squares: Uint8Array, cols: number, rows: number, row: number, col: number, dr: number, dc: number): number[] => {
  let r = row;
  let c = col;
  while (r - dr >= 0 && c - dc >= 0 && squares[(r - dr) * cols + c - dc] !== EMPTY) {
    r -= dr;
    c -= dc;
  }
  const word: number[] = [];
  while (r < rows && c < cols && squares[r * cols + c] !== EMPTY) {
    word.push(squares[r * cols + c] & ~BLANK_BIT);
    r += dr;
    c += dc;
  }
  return word;
};

/**
 * Every play of a game's main line, in ply order, with its main word rebuilt on a board replayed
 * from the plies' moves (a withdrawal takes its player's last play back off). Empty when the
 * game's distribution or board is unknown; a move that does not read is left out.
 */
export const crosswordPlays = (plies: readonly PlyRecord[]): CrosswordPlay[] => {
  const settings = settingsOf(plies);
  if (!settings) return [];
  const { distribution, rows, cols } = settings;
  const squares = new Uint8Array(rows * cols);
  const lastPlaced: (number[] | undefined)[] = [undefined, undefined];
  const plays: CrosswordPlay[] = [];
  for (let i = 0; i < plies.length; i++) {
    const move = plies[i].nextMove;
    if (!move) continue;
    const byFirst = madeByFirst(plies, i);
    const side = byFirst ? 0 : 1;
    if (WITHDRAWAL_TEXT.test(move)) {
      for (const sq of lastPlaced[side] ?? []) squares[sq] = EMPTY;
      lastPlaced[side] = undefined;
      continue;
    }
    const m = PLAY_TEXT.exec(move);
    const at = m ? parseCoordinate(m[1], rows, cols) : undefined;
    if (!m || !at) continue;
    const tiles = parseTiles(m[2], distribution, { allowDesignated: true, allowThrough: true });
    if (!tiles.ok) continue;
    const dr = at.vertical ? 1 : 0;
    const dc = at.vertical ? 0 : 1;
    if (at.row + dr * (tiles.value.length - 1) >= rows || at.col + dc * (tiles.value.length - 1) >= cols) continue;
    const placed: number[] = [];
    tiles.value.forEach((t, k) => {
      const sq = (at.row + dr * k) * cols + at.col + dc * k;
      if (t !== THROUGH && squares[sq] === EMPTY) {
        squares[sq] = t;
        placed.push(sq);
      }
    });
    if (placed.length === 0) continue;
    lastPlaced[side] = placed;
    let word = wordAlong(squares, cols, rows, at.row, at.col, dr, dc);
    if (word.length === 1) word = wordAlong(squares, cols, rows, at.row, at.col, dc, dr);
    plays.push({ ply: i, byFirst, word, placed: placed.length, score: Number(m[3]) });
  }
  return plays;
};

// ---------------------------------------------------------------------------------------
// Matching

/** Token codes: a tile's code in the distribution, or one of these. */
const ONE = -2;
const RUN = -3;
const NO_TILE = -1;

/** Upper-case tile names to codes, per distribution. */
const tileCodes = new WeakMap<LetterDistribution, Map<string, number>>();

const codesOfNames = (dist: LetterDistribution): Map<string, number> => {
  let codes = tileCodes.get(dist);
  if (!codes) {
    codes = new Map(dist.tiles.map((t, code) => [t.name.toUpperCase(), code] as const).filter(([, code]) => code !== 0));
    tileCodes.set(dist, codes);
  }
  return codes;
};

/** A word pattern's tokens as codes of one distribution (a letter the distribution lacks matches nothing), kept per pattern. */
const compiled = new WeakMap<readonly WordToken[], Map<LetterDistribution, Int32Array>>();

const compile = (tokens: readonly WordToken[], dist: LetterDistribution): Int32Array => {
  let byDist = compiled.get(tokens);
  if (!byDist) compiled.set(tokens, (byDist = new Map()));
  let codes = byDist.get(dist);
  if (!codes) {
    const names = codesOfNames(dist);
    codes = Int32Array.from(tokens, (t) => (t.kind === 'one' ? ONE : t.kind === 'run' ? RUN : (names.get(t.name) ?? NO_TILE)));
    byDist.set(dist, codes);
  }
  return codes;
};

/** Whether a word (tile codes) matches compiled tokens: `?` one tile, `*` any run (the usual wildcard walk, retrying the last `*`). */
export const matchesTokens = (codes: Int32Array, word: readonly number[]): boolean => {
  let i = 0;
  let j = 0;
  let star = -1;
  let mark = 0;
  while (i < word.length) {
    if (j < codes.length && (codes[j] === ONE || codes[j] === word[i])) {
      i++;
      j++;
    } else if (j < codes.length && codes[j] === RUN) {
      star = j++;
      mark = i;
    } else if (star >= 0) {
      j = star + 1;
      i = ++mark;
    } else return false;
  }
  while (j < codes.length && codes[j] === RUN) j++;
  return j === codes.length;
};

const lexiconOf = (game: PatternGame): string | null => {
  const stated = game.metadata.lexicon ?? (game.plies[0]?.position.data as { lexicon?: unknown } | undefined)?.lexicon;
  return typeof stated === 'string' ? stated.trim().toUpperCase() : null;
};

const nameHas = (name: string | null, part: string): boolean => name !== null && name.toLowerCase().includes(part);

/** Every ply of the game from which a play matching `query` was made, with that play as the explorer counts it. */
export const crosswordHits = (query: CrosswordPattern, game: PatternGame): PatternHit[] => {
  if (query.lexicon !== undefined && lexiconOf(game) !== query.lexicon) return [];
  const { player } = query;
  const firstOk = player === undefined || nameHas(game.player1, player);
  const secondOk = player === undefined || nameHas(game.player2, player);
  if (!firstOk && !secondOk) return [];
  const settings = query.word ? settingsOf(game.plies) : null;
  const codes = query.word && settings ? compile(query.word.tokens, settings.distribution) : null;
  const hits: PatternHit[] = [];
  for (const play of crosswordPlays(game.plies)) {
    if (!(play.byFirst ? firstOk : secondOk)) continue;
    if (query.bingo !== undefined && (play.placed === BINGO_TILES) !== query.bingo) continue;
    if (query.minScore !== undefined && play.score < query.minScore) continue;
    if (query.word && !(codes && matchesTokens(codes, play.word))) continue;
    const ply = game.plies[play.ply];
    const counted = ply.explorerMove ?? ply.nextMove;
    hits.push({
      ply: play.ply,
      continuation: counted ? { move: crosswordExplorer.shownMove(ply.position.key, counted), byFirst: play.byFirst } : null,
    });
  }
  return hits;
};

// ---------------------------------------------------------------------------------------
// The pre-filter

/**
 * A game's signature, 10 bytes: a version (1); 32 flag bits (little-endian): bits 0-25 the
 * letters A-Z found in any play's main word, 26 any other letter (a multi-letter or accented
 * tile), 27 a bingo played, 28 a play of fewer tiles; 32 bits of main-word lengths (bit n: a
 * main word of n tiles, bit 31: 31 or more); the highest score of a play (255: 255 or more).
 */
const SIGNATURE_VERSION = 1;
const SIGNATURE_BYTES = 10;
const OTHER_LETTER = 1 << 26;
const BINGO_PLAYED = 1 << 27;
const OTHER_PLAY = 1 << 28;
const A = 'A'.charCodeAt(0);

/** The flag bit of a tile's name: its letter's A-Z, or the "other letter" bit. */
const letterBit = (name: string): number => {
  const c = name.charCodeAt(0) - A;
  return name.length === 1 && c >= 0 && c < 26 ? 1 << c : OTHER_LETTER;
};

const lengthBit = (n: number): number => 1 << Math.min(n, 31);

const signatureOf = (plies: readonly PlyRecord[]): Uint8Array => {
  const settings = settingsOf(plies);
  const bits = settings ? settings.distribution.tiles.map((t) => letterBit(t.name.toUpperCase())) : [];
  let flags = 0;
  let lengths = 0;
  let best = 0;
  for (const play of crosswordPlays(plies)) {
    for (const t of play.word) flags |= bits[t] ?? OTHER_LETTER;
    flags |= play.placed === BINGO_TILES ? BINGO_PLAYED : OTHER_PLAY;
    lengths |= lengthBit(play.word.length);
    best = Math.max(best, play.score);
  }
  const out = new Uint8Array(SIGNATURE_BYTES);
  const view = new DataView(out.buffer);
  out[0] = SIGNATURE_VERSION;
  view.setUint32(1, flags >>> 0, true);
  view.setUint32(5, lengths >>> 0, true);
  out[9] = Math.min(255, Math.max(0, best));
  return out;
};

/** False only when no play of a game with this signature can match: a letter never played, no bingo, no word that long, no score that high. */
const mayHold = (query: CrosswordPattern, signature: Uint8Array): boolean => {
  if (signature.length !== SIGNATURE_BYTES || signature[0] !== SIGNATURE_VERSION) return true;
  const view = new DataView(signature.buffer, signature.byteOffset, signature.byteLength);
  const flags = view.getUint32(1, true);
  const lengths = view.getUint32(5, true);
  const best = signature[9];
  if ((flags & (BINGO_PLAYED | OTHER_PLAY)) === 0) return false;
  if (query.bingo === true && (flags & BINGO_PLAYED) === 0) return false;
  if (query.bingo === false && (flags & OTHER_PLAY) === 0) return false;
  if (query.minScore !== undefined && best < 255 && best < query.minScore) return false;
  if (query.word) {
    const { tokens } = query.word;
    let fixed = 0;
    let length = 0;
    for (const t of tokens) {
      if (t.kind === 'tile') fixed |= letterBit(t.name);
      if (t.kind !== 'run') length++;
    }
    if ((flags & fixed) >>> 0 !== fixed >>> 0) return false;
    const open = tokens.some((t) => t.kind === 'run');
    const need = open ? lengths >>> Math.min(length, 31) : lengths & lengthBit(length);
    if (need === 0) return false;
  }
  return true;
};

export const crosswordSignature: PatternSignature<CrosswordPattern> = { of: signatureOf, mayHold };

/** The crossword pattern language, registered on the crossword module. */
export const crosswordPatterns: PatternLanguage<CrosswordPattern> = {
  read: readCrosswordPattern,
  hits: crosswordHits,
  signature: crosswordSignature,
};
