/**
 * Duplicates across sources: when two stored games are the same game. Pure and generic (every
 * game's records are compared the same way; no kind is named here).
 *
 * Two games are the same when (after SCID's "Delete twin games", `sc_base duplicates`: players,
 * year and month, round, and the same moves; see docs/API.md "Duplicate games" for what differs):
 * - they are of the same kind and their main lines pass through the same positions in the same
 *   order: `duplicateKeyOf`, a 64-bit hash of the kind and the main line's position keys, stored
 *   on the game (an indexed column), so candidates are found by one index probe;
 * - their first players agree and their second players agree, where both games name them
 *   (`sameName`: case, accents and punctuation folded, "Surname, Firstname" = "Firstname Surname",
 *   given names may be initials);
 * - their dates agree where both give one: the days each written date can be overlap, so
 *   `1851.??.??` agrees with `1851.06.21`, and `2020.01.01` does not with `2020.01.02`;
 * - their rounds agree where both give one (`3` = `03`, `3` agrees with `3.1`).
 * A side, date or round one of the games does not give does not prevent a match: a GameText game
 * carries no headers, and is recognised in a PGN copy by its moves alone.
 */
import { createHash } from 'node:crypto';
import { signedHashOf } from '../codecs/hashes';
import { writtenDateRange } from '../db/dateRange';
import { type GameKind, type GameRecord, distinctPlyIndexes } from '../db/records';

/** What the comparison reads of a game, stored or about to be. */
export interface DuplicateFacts {
  kind: GameKind;
  /** `duplicateKeyOf` the game; null: not compared. */
  duplicateKey: bigint | null;
  player1?: string | null;
  player2?: string | null;
  dateText?: string | null;
  round?: string | null;
}

/**
 * The game's duplicate key: a signed 64-bit hash (the `Game.duplicateKey` column) of its kind and
 * the keys of its main line's positions, ply 0 first. Null for a game without a move (the start
 * position alone says nothing of which game it is). The same game read from any of its game's
 * formats gives the same key, since the positions are keyed by the game, not the format. Called
 * at import on each record, and by a catch-up on the record `reread` makes of a stored game.
 */
export const duplicateKeyOf = (record: Pick<GameRecord, 'kind' | 'plies'>): bigint | null => {
  const keys = mainLineKeys(record.plies);
  if (keys.length < 2) return null;
  const digest = createHash('sha256').update(`${record.kind}\n${keys.join('\n')}`).digest('hex');
  return signedHashOf(digest.slice(0, 16));
};

/** The position keys of the main line, ply 0 first (a place met twice keeps its first node, as the stored plies do). */
const mainLineKeys = (plies: GameRecord['plies']): string[] => {
  // Readers give the main line in ply order: one pass, unless a place comes again or out of order.
  const keys: string[] = [];
  let last = -1;
  for (const p of plies) {
    if (p.variation !== '') continue;
    if (p.ply <= last) return mainLineKeysSorted(plies);
    keys.push(p.position.key);
    last = p.ply;
  }
  return keys;
};

const mainLineKeysSorted = (plies: GameRecord['plies']): string[] => {
  const byPly = new Map<number, string>();
  for (const k of distinctPlyIndexes(plies)) {
    const ply = plies[k];
    if (ply.variation === '') byPly.set(ply.ply, ply.position.key);
  }
  return [...byPly.entries()].sort((a, b) => a[0] - b[0]).map(([, key]) => key);
};

/** Whether two games are the same game: same key (and kind), players, date and round where both give them. */
export const sameGame = (a: DuplicateFacts, b: DuplicateFacts): boolean =>
  a.duplicateKey !== null &&
  a.duplicateKey === b.duplicateKey &&
  a.kind === b.kind &&
  sameName(a.player1, b.player1) &&
  sameName(a.player2, b.player2) &&
  sameDate(a.dateText, b.dateText) &&
  sameRound(a.round, b.round);

/** Letters NFKD does not take apart, as their plain letters. */
const LETTERS: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', æ: 'ae', œ: 'oe', ß: 'ss', ı: 'i' };

/** Lower case, accents and ligatures off: `Müller` and `MULLER` fold alike. */
export const foldText = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øłđðþæœßı]/g, (c) => LETTERS[c]);

/** Names that say the player is not known (PGN's `?`, `N.N.`). */
const UNKNOWN_NAMES = new Set(['', '?', '-', 'nn', 'n n', 'unknown']);

/** A name's words, folded, without a bracketed part (`Carlsen, Magnus (NOR)`). */
const nameWords = (text: string): string[] => foldText(text.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** One way to read a name: its surname's words and its given names' words. */
interface NameReading {
  surname: string;
  given: string[];
}

/**
 * The ways a name can be read. `Surname, Given names` is read one way; a name without a comma
 * either way round (`Magnus Carlsen`, `Carlsen Magnus`, `Carlsen M`), its surname any number of
 * words (`John van der Wiel`).
 */
export const nameReadings = (text: string | null | undefined): NameReading[] | null => {
  if (text === null || text === undefined || unknownName(text)) return null;
  const comma = text.indexOf(',');
  const surname = comma >= 0 ? nameWords(text.slice(0, comma)) : [];
  if (surname.length > 0) return [{ surname: surname.join(' '), given: nameWords(text.slice(comma + 1)) }];
  const words = nameWords(text);
  const readings: NameReading[] = [];
  for (let k = 1; k <= words.length; k++) {
    readings.push({ surname: words.slice(words.length - k).join(' '), given: words.slice(0, words.length - k) });
    if (k < words.length) readings.push({ surname: words.slice(0, k).join(' '), given: words.slice(k) });
  }
  return readings;
};

/** Readings of names met lately (an import compares each game with the stored games of its key: the same few names again and again). */
const recentReadings = new Map<string, NameReading[] | null>();

/** `nameReadings`, remembered for the last few thousand names (the readings are not changed by their readers). */
const readingsOf = (text: string | null | undefined): NameReading[] | null => {
  if (text === null || text === undefined) return null;
  let readings = recentReadings.get(text);
  if (readings === undefined) {
    if (recentReadings.size >= 4096) recentReadings.clear();
    recentReadings.set(text, (readings = nameReadings(text)));
  }
  return readings;
};

const unknownName = (text: string): boolean => UNKNOWN_NAMES.has(nameWords(text).join(' '));

/** Given names agree word by word as far as both go, an initial agreeing with a name it begins. */
const sameGivenNames = (a: string[], b: string[]): boolean => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [x, y] = [a[i], b[i]];
    if (x !== y && !(x.length === 1 && y.startsWith(x)) && !(y.length === 1 && x.startsWith(y))) return false;
  }
  return true;
};

/**
 * Whether two players' names can name the same player: true when either is missing or unknown
 * (`?`, `N.N.`), else when some reading of each has the same surname and given names that agree
 * (`Carlsen, Magnus` = `Magnus Carlsen` = `CARLSEN M.` = `Carlsen`; not `Carlsen, Henrik`).
 */
export const sameName = (a: string | null | undefined, b: string | null | undefined): boolean => {
  const ra = readingsOf(a);
  const rb = readingsOf(b);
  if (!ra || !rb) return true;
  return ra.some((x) => rb.some((y) => x.surname === y.surname && sameGivenNames(x.given, y.given)));
};

/** Whether two written dates can be the same day: true when either is missing or unreadable. */
export const sameDate = (a: string | null | undefined, b: string | null | undefined): boolean => {
  const ra = writtenDateRange(a);
  const rb = writtenDateRange(b);
  if (!ra || !rb) return true;
  return ra.from <= rb.until && rb.from <= ra.until;
};

/** A round's parts as numbers or folded words, null when it says nothing (`?`, `-`). */
const roundParts = (text: string | null | undefined): string[] | null => {
  const parts = (text ?? '').trim().split('.').map((p) => foldText(p.trim()).replace(/^0+(?=\d)/, ''));
  return parts.length === 0 || parts.every((p) => p === '' || p === '?' || p === '-') ? null : parts;
};

/** Whether two rounds can be the same: true when either is missing, else when one's parts begin the other's (`3` and `3.1`). */
export const sameRound = (a: string | null | undefined, b: string | null | undefined): boolean => {
  const pa = roundParts(a);
  const pb = roundParts(b);
  if (!pa || !pb) return true;
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) if (pa[i] !== pb[i]) return false;
  return true;
};
