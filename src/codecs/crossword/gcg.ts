/**
 * GCG game records (John Chew's format, as written by Quackle, Macondo and Woogles):
 * pragma lines `#keyword value` and event lines `>nick: RACK ...`.
 *
 * Reading is syntactic: racks, words and positions are kept as text; `replay.ts` interprets
 * them with a letter distribution. Input may be a string or bytes: bytes are UTF-8 when the first
 * line says `#character-encoding UTF-8`, ISO-8859-1 when it names that, and otherwise UTF-8 if
 * they are valid UTF-8, else ISO-8859-1 (the spec's default). Any CR/LF mix ends a line. The
 * writer always writes UTF-8 with `#character-encoding UTF-8` and LF line ends.
 *
 * Events: play `RACK 8D WORD +32 32`; withdrawn phony `RACK -- -32 0`; pass `RACK - +0 0`;
 * exchange `RACK -ABC +0 0` (or `-3`); challenge `RACK (challenge) +5 37` (bonus to the player
 * whose play was challenged) or `(challenge) -5` (penalty to a challenger); end-rack points
 * `(TILES) +14 345`; time penalty `RACK (time) -10 335`; last-rack penalty `RACK (RACK) -8 327`.
 * Woogles writes the rack `UNKNOWN` when it is not known: read as no rack (`rack` '') with
 * `rackUnknown` set, and written back as `UNKNOWN`.
 */
import { Result, codecErrors, err, ok } from '../result';

/** The error codes this module returns. */
export const GCG_ERRORS = [
  'GCG_DUPLICATE_PLAYER',
  'GCG_ENCODING_NOT_FIRST',
  'GCG_INVALID_UTF8',
  'GCG_MALFORMED_EVENT',
  'GCG_MALFORMED_LINE',
  'GCG_MALFORMED_PRAGMA',
  'GCG_PRAGMA_AFTER_EVENT',
  'GCG_UNKNOWN_PLAYER',
  'GCG_UNSUPPORTED_ENCODING',
] as const;
/** One of GCG_ERRORS. */
export type GcgError = (typeof GCG_ERRORS)[number];
const gcgError = codecErrors(GCG_ERRORS);

/** The rack text Woogles (liwords) writes for a rack it does not know. */
export const GCG_UNKNOWN_RACK = 'UNKNOWN';

/** Whether rack text means "rack not known": absent, or Woogles' `UNKNOWN`. */
export const isUnknownRack = (rack: string): boolean => rack === '' || rack === GCG_UNKNOWN_RACK;

/** A player declared by `#player1` / `#player2`. */
export interface GcgPlayer {
  /** 1 or 2. */
  readonly number: number;
  /** Nickname used on event lines. */
  readonly nick: string;
  /** Full name (may be empty). */
  readonly name: string;
}

/** Any pragma other than players, notes, racks and the encoding, in file order. */
export interface GcgPragma {
  /** Keyword without `#` (`lexicon`, `title`, `id`, ...). */
  readonly keyword: string;
  /** The rest of the line, trimmed. */
  readonly value: string;
}

/** Fields every event has. */
interface GcgEventBase {
  /** 1-based line number in the source (0 for events built in code). */
  readonly line: number;
  /** The player's nickname. */
  readonly nick: string;
  /** The rack as written ('' when absent or written as Woogles' `UNKNOWN`). */
  readonly rack: string;
  /** True when the rack was written as `UNKNOWN` (Woogles: not known); the writer writes it back so. */
  readonly rackUnknown?: boolean;
  /** Signed score of the event. */
  readonly score: number;
  /** The player's total after the event, as written. */
  readonly cumulative: number;
  /** `#note` text after the event (lines joined by `\n`). */
  readonly note?: string;
}

/** One event line. */
export type GcgEvent =
  | (GcgEventBase & { readonly kind: 'play'; readonly position: string; readonly word: string })
  | (GcgEventBase & { readonly kind: 'withdrawal' })
  | (GcgEventBase & { readonly kind: 'pass' })
  | (GcgEventBase & { readonly kind: 'exchange'; readonly exchanged: string })
  | (GcgEventBase & { readonly kind: 'challenge' })
  | (GcgEventBase & { readonly kind: 'endRackPoints'; readonly tiles: string })
  | (GcgEventBase & { readonly kind: 'timePenalty' })
  | (GcgEventBase & { readonly kind: 'lastRackPenalty'; readonly tiles: string });

/** The kinds of GCG event. */
export type GcgEventKind = GcgEvent['kind'];

/** A whole GCG file. */
export interface GcgGame {
  /** The encoding the source was decoded with. */
  readonly sourceEncoding: 'UTF-8' | 'ISO-8859-1';
  /** Players in number order. */
  readonly players: readonly GcgPlayer[];
  /** Other pragmas, in file order. */
  readonly pragmas: readonly GcgPragma[];
  /** Notes before the first event (joined by `\n`), if any. */
  readonly note?: string;
  /** Events in file order. */
  readonly events: readonly GcgEvent[];
  /** `#rack1` / `#rack2`: racks at the end of the record, by player number - 1. */
  readonly finalRacks: readonly (string | undefined)[];
}

const fail = (code: GcgError, message: string, line: number, column?: number, field?: string): Result<never> =>
  err(gcgError(code, message, { line, ...(column !== undefined ? { column } : {}), ...(field ? { field } : {}) }));

/** Decodes ISO-8859-1 bytes (each byte is its code point). */
const latin1 = (bytes: Uint8Array): string => {
  let s = '';
  for (let k = 0; k < bytes.length; k += 8192) {
    s += String.fromCharCode(...bytes.subarray(k, Math.min(bytes.length, k + 8192)));
  }
  return s;
};

const utf8 = (bytes: Uint8Array): string | undefined => {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
};

/** Turns GCG bytes into text (see the module comment for the rule). */
export const decodeGcg = (bytes: Uint8Array): Result<{ text: string; encoding: 'UTF-8' | 'ISO-8859-1' }> => {
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  let end = start;
  while (end < bytes.length && bytes[end] !== 0x0a && bytes[end] !== 0x0d) end++;
  const first = latin1(bytes.subarray(start, end));
  const m = /^#character-encoding\s+(\S+)/.exec(first);
  if (m) {
    const name = m[1].toLowerCase();
    if (name === 'utf-8' || name === 'utf8') {
      const text = utf8(bytes.subarray(start));
      if (text === undefined) return fail('GCG_INVALID_UTF8', 'the file says UTF-8 but is not valid UTF-8', 1);
      return ok({ text, encoding: 'UTF-8' });
    }
    if (name === 'iso-8859-1' || name === 'iso8859-1' || name === 'latin1' || name === 'latin-1') {
      return ok({ text: latin1(bytes.subarray(start)), encoding: 'ISO-8859-1' });
    }
    return fail('GCG_UNSUPPORTED_ENCODING', `unsupported character encoding "${m[1]}"`, 1, 21, 'character-encoding');
  }
  const text = utf8(bytes.subarray(start));
  return text !== undefined ? ok({ text, encoding: 'UTF-8' }) : ok({ text: latin1(bytes.subarray(start)), encoding: 'ISO-8859-1' });
};

const SIGNED = /^[+-]?[0-9]{1,6}$/;
const COORD = /^([0-9]{1,3}[A-Za-z]{1,3}|[A-Za-z]{1,3}[0-9]{1,3})$/;

const isAction = (t: string): boolean => t.startsWith('-') || (t.startsWith('(') && t.endsWith(')'));

/** Parses a GCG file (text or bytes). Errors: GCG_* codes with the line and column. */
export const parseGcg = (input: string | Uint8Array): Result<GcgGame> => {
  let text: string;
  let sourceEncoding: 'UTF-8' | 'ISO-8859-1' = 'UTF-8';
  if (typeof input === 'string') {
    text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  } else {
    const decoded = decodeGcg(input);
    if (!decoded.ok) return decoded;
    text = decoded.value.text;
    sourceEncoding = decoded.value.encoding;
  }
  const lines = text.split(/\r\n|\r|\n/);
  const players: GcgPlayer[] = [];
  const pragmas: GcgPragma[] = [];
  const events: GcgEvent[] = [];
  const finalRacks: (string | undefined)[] = [undefined, undefined];
  let gameNote: string | undefined;
  let inNote = false;
  const addNote = (line: string): void => {
    if (events.length === 0) gameNote = gameNote === undefined ? line : `${gameNote}\n${line}`;
    else {
      const last = events[events.length - 1];
      events[events.length - 1] = { ...last, note: last.note === undefined ? line : `${last.note}\n${line}` };
    }
  };

  for (let k = 0; k < lines.length; k++) {
    const raw = lines[k];
    const lineNo = k + 1;
    if (raw.startsWith('#')) {
      const m = /^#(\S*)(?:\s(.*))?$/.exec(raw) as RegExpExecArray;
      const keyword = m[1];
      const rest = m[2] ?? '';
      const value = rest.trim();
      if (keyword === 'note') {
        addNote(rest);
        inNote = true;
        continue;
      }
      inNote = false;
      if (keyword === 'player1' || keyword === 'player2') {
        const number = keyword === 'player1' ? 1 : 2;
        if (events.length > 0) return fail('GCG_PRAGMA_AFTER_EVENT', `#${keyword} must come before the first event`, lineNo, 1, keyword);
        const pm = /^(\S+)\s*(.*)$/.exec(value);
        if (!pm) return fail('GCG_MALFORMED_PRAGMA', `#${keyword} needs a nickname`, lineNo, 1, keyword);
        if (players.some((p) => p.number === number || p.nick === pm[1])) {
          return fail('GCG_DUPLICATE_PLAYER', `player ${number} ("${pm[1]}") is declared twice`, lineNo, 1, keyword);
        }
        players.push({ number, nick: pm[1], name: pm[2] });
        players.sort((a, b) => a.number - b.number);
        continue;
      }
      if (keyword === 'character-encoding') {
        if (k !== 0) return fail('GCG_ENCODING_NOT_FIRST', '#character-encoding must be the first line', lineNo, 1, keyword);
        continue;
      }
      if (keyword === 'rack1' || keyword === 'rack2') {
        finalRacks[keyword === 'rack1' ? 0 : 1] = value;
        continue;
      }
      if (/^player[0-9]+$/.test(keyword)) {
        return fail('GCG_MALFORMED_PRAGMA', `only two players are supported (#${keyword})`, lineNo, 1, keyword);
      }
      if (keyword === '') return fail('GCG_MALFORMED_PRAGMA', 'a pragma needs a keyword after "#"', lineNo, 1);
      pragmas.push({ keyword, value });
      continue;
    }
    if (raw.startsWith('>')) {
      inNote = false;
      const event = parseEvent(raw, lineNo, players);
      if (!event.ok) return event;
      events.push(event.value);
      continue;
    }
    if (raw.trim() === '') continue;
    if (inNote) {
      addNote(raw);
      continue;
    }
    return fail('GCG_MALFORMED_LINE', 'a line must be a #pragma, a >event or continue a #note', lineNo, 1);
  }
  return ok({
    sourceEncoding,
    players,
    pragmas,
    ...(gameNote !== undefined ? { note: gameNote } : {}),
    events,
    finalRacks,
  });
};

const parseEvent = (raw: string, line: number, players: readonly GcgPlayer[]): Result<GcgEvent> => {
  const colon = raw.indexOf(':');
  if (colon < 2) return fail('GCG_MALFORMED_EVENT', 'an event starts with ">nick:"', line, 1);
  const nick = raw.slice(1, colon);
  if (players.length === 0 || !players.some((p) => p.nick === nick)) {
    return fail('GCG_UNKNOWN_PLAYER', `"${nick}" is not declared by #player1/#player2`, line, 2, 'nick');
  }
  const tokens: string[] = [];
  const columns: number[] = [];
  const re = /\S+/g;
  const body = raw.slice(colon + 1);
  for (let m = re.exec(body); m; m = re.exec(body)) {
    tokens.push(m[0]);
    columns.push(colon + 2 + m.index);
  }
  const bad = (message: string, at: number): Result<never> => fail('GCG_MALFORMED_EVENT', message, line, columns[at] ?? colon + 2);
  if (tokens.length < 3 || tokens.length > 5) return bad('an event has 3 to 5 fields after the nickname', 0);
  const cumToken = tokens[tokens.length - 1];
  const scoreToken = tokens[tokens.length - 2];
  if (!SIGNED.test(cumToken)) return bad(`cumulative score "${cumToken}" is not an integer`, tokens.length - 1);
  if (!SIGNED.test(scoreToken)) return bad(`score "${scoreToken}" is not a signed integer`, tokens.length - 2);
  const score = Number(scoreToken);
  const cumulative = Number(cumToken);
  const middle = tokens.slice(0, -2);
  let rack = '';
  let action: string | undefined;
  let position: string | undefined;
  let word: string | undefined;
  if (middle.length === 3) {
    [rack, position, word] = middle;
  } else if (middle.length === 2) {
    if (isAction(middle[1])) [rack, action] = middle;
    else [position, word] = middle;
  } else {
    action = middle[0];
  }
  // Woogles' UNKNOWN rack is not the letters U-N-K-N-O-W-N: keep it as no rack, remembered for writing.
  const base = rack === GCG_UNKNOWN_RACK ? { line, nick, rack: '', rackUnknown: true, score, cumulative } : { line, nick, rack, score, cumulative };
  if (position !== undefined && word !== undefined) {
    const at = middle.length - 2;
    if (!COORD.test(position)) return bad(`"${position}" is not a position like 8D or D8`, at);
    if (word.length === 0 || isAction(word)) return bad(`"${word}" is not a word`, at + 1);
    return ok({ ...base, kind: 'play', position, word });
  }
  const a = action as string;
  const at = middle.length - 1;
  if (a === '--') return ok({ ...base, kind: 'withdrawal' });
  if (a === '-') return ok({ ...base, kind: 'pass' });
  if (a.startsWith('-')) return ok({ ...base, kind: 'exchange', exchanged: a.slice(1) });
  if (a === '(challenge)') return ok({ ...base, kind: 'challenge' });
  if (a === '(time)') return ok({ ...base, kind: 'timePenalty' });
  if (a.length > 2 && a.startsWith('(') && a.endsWith(')')) {
    const tiles = a.slice(1, -1);
    return ok(score >= 0 && !scoreToken.startsWith('-') ? { ...base, kind: 'endRackPoints', tiles } : { ...base, kind: 'lastRackPenalty', tiles });
  }
  return bad(`"${a}" is not a move, exchange, pass or bracketed event`, at);
};

const signed = (n: number): string => (n < 0 ? String(n) : `+${n}`);

/** Writes one event line (without its note). */
export const printGcgEvent = (e: GcgEvent): string => {
  const head = `>${e.nick}:`;
  const rack = e.rack !== '' ? ` ${e.rack}` : e.rackUnknown ? ` ${GCG_UNKNOWN_RACK}` : '';
  const tail = ` ${signed(e.score)} ${e.cumulative}`;
  switch (e.kind) {
    case 'play':
      return `${head}${rack} ${e.position} ${e.word}${tail}`;
    case 'withdrawal':
      return `${head}${rack} --${tail}`;
    case 'pass':
      return `${head}${rack} -${tail}`;
    case 'exchange':
      return `${head}${rack} -${e.exchanged}${tail}`;
    case 'challenge':
      return `${head}${rack} (challenge)${tail}`;
    case 'timePenalty':
      return `${head}${rack} (time)${tail}`;
    case 'endRackPoints':
    case 'lastRackPenalty':
      return `${head}${rack} (${e.tiles})${tail}`;
  }
};

/** Writes a game as GCG text (UTF-8 pragma first, LF line ends, one `#note` line per note line). */
export const printGcg = (game: Omit<GcgGame, 'sourceEncoding'>): string => {
  const out: string[] = ['#character-encoding UTF-8'];
  for (const p of game.players) out.push(p.name === '' ? `#player${p.number} ${p.nick}` : `#player${p.number} ${p.nick} ${p.name}`);
  for (const p of game.pragmas) out.push(p.value === '' ? `#${p.keyword}` : `#${p.keyword} ${p.value}`);
  const notes = (note: string | undefined): void => {
    if (note !== undefined) for (const l of note.split('\n')) out.push(`#note ${l}`);
  };
  notes(game.note);
  for (const e of game.events) {
    out.push(printGcgEvent(e));
    notes(e.note);
  }
  game.finalRacks.forEach((r, k) => {
    if (r !== undefined) out.push(`#rack${k + 1} ${r}`);
  });
  return out.join('\n') + '\n';
};

/** The value of the first pragma with this keyword (e.g. `lexicon`), if any. */
export const gcgPragma = (game: Pick<GcgGame, 'pragmas'>, keyword: string): string | undefined =>
  game.pragmas.find((p) => p.keyword === keyword)?.value;
