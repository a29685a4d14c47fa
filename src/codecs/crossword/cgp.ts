/**
 * CGP (Crossword Game Position): one line holding a board, the racks, the scores, the number
 * of consecutive zero-point turns and optional `opcode operand;` operations.
 *
 * Reading is strict (MAGPIE's named error codes where they exist) and single-pass per field.
 * Both `lm` dialects are read: the 2022 one of the seed (`8H WORD` with `.` through, `-ABC`,
 * `-2`, `-`, `challenge 8H WORD`, `8H WORD +5`) and the 2023+ one (`8H.WORD` through tiles as
 * letters, `ex.ABC`, `ex.2`, `pass`, `phony.8H.WORD`). Writing uses the current dialect unless
 * asked for `seed`. Unknown opcodes are kept and written back; any repeated opcode is an error.
 */
import { BoardLayout, DEFAULT_BOARD, SUPER_CROSSWORD_GAME, boardByName } from './boards';
import { Coordinate, printCoordinate, parseCoordinate } from './coordinates';
import {
  DEFAULT_DISTRIBUTION,
  LetterDistribution,
  distributionByName,
  distributionForLexicon,
} from './distributions';
import { BLANK, BLANK_BIT, EMPTY, THROUGH, matchTile, parseTiles, tileAlphabet } from './tiles';
import { CodecError, Result, codecErrors, err, ok } from '../result';

/** The error codes this module returns. */
export const CGP_ERRORS = [
  'BOARD_LETTERS_NOT_IN_BAG',
  'DUPLICATE_OPERATION',
  'INVALID_NUMBER_OF_BOARD_COLUMNS',
  'INVALID_NUMBER_OF_BOARD_ROWS',
  'INVALID_NUMBER_OF_PLAYER_RACKS',
  'INVALID_NUMBER_OF_PLAYER_SCORES',
  'MALFORMED_BOARD_LETTERS',
  'MALFORMED_CONSECUTIVE_ZEROS',
  'MALFORMED_GAME_ID',
  'MALFORMED_LAST_MOVE',
  'MALFORMED_NUMBER_OPERAND',
  'MALFORMED_RACK_LETTERS',
  'MALFORMED_SCORES',
  'MALFORMED_TIMERS',
  'MISSING_OPERAND',
  'MISSING_REQUIRED_FIELDS',
  'RACK_LETTERS_NOT_IN_BAG',
  'TOO_MANY_RACK_TILES',
  'UNEXPECTED_OPERAND',
  'UNKNOWN_BOARD_NAME',
  'UNKNOWN_CHALLENGE_RULE',
  'UNKNOWN_LETTER_DISTRIBUTION',
] as const;
/** One of CGP_ERRORS. */
export type CgpError = (typeof CGP_ERRORS)[number];
const cgpError = codecErrors(CGP_ERRORS);

/** Most tiles a rack may hold. */
export const RACK_SIZE = 7;

/** The `cr` challenge rules. */
export type ChallengeRule = 'single' | 'double' | 'triple' | 'void' | '5pt' | '10pt';

const CHALLENGE_RULES: readonly ChallengeRule[] = ['single', 'double', 'triple', 'void', '5pt', '10pt'];

/** Which `lm` syntax to write: `current` (2023+, default) or `seed` (2022). */
export type CgpDialect = 'current' | 'seed';

/** The last move (`lm`). In `tiles`, THROUGH (0) marks a square played through written as `.`. */
export type CgpLastMove =
  | {
      readonly kind: 'play';
      readonly coordinate: Coordinate;
      readonly tiles: readonly number[];
      /** Points the mover got for an unsuccessful challenge (2022 `+5` / `+0`). */
      readonly challengePoints?: number;
    }
  | { readonly kind: 'phony'; readonly coordinate: Coordinate; readonly tiles: readonly number[] }
  | { readonly kind: 'exchange'; readonly count: number; readonly tiles?: readonly number[] }
  | { readonly kind: 'pass' };

/** The known opcodes, parsed. Absent = not given. */
export interface CgpOptions {
  /** `bb`: bingo bonus. */
  readonly bingoBonus?: number;
  /** `bdn`: board name (canonical spelling). */
  readonly boardName?: string;
  /** `cr`: challenge rule. */
  readonly challengeRule?: ChallengeRule;
  /** `etl`: tiles that must be in the bag to exchange. */
  readonly exchangeLimit?: number;
  /** `gid`: game id. */
  readonly gameId?: string;
  /** `ld`: letter distribution name (canonical spelling). */
  readonly letterDistribution?: string;
  /** `lex`: lexicon. */
  readonly lexicon?: string;
  /** `lm`: last move. */
  readonly lastMove?: CgpLastMove;
  /** `mcnz`: consecutive zero-point turns that end the game. */
  readonly maxConsecutiveZeros?: number;
  /** `oru`: the opponent's rack is unknown. */
  readonly opponentRackUnknown?: boolean;
  /** `ti`: timer increment, ms. */
  readonly timerIncrement?: number;
  /** `tmr`: ms left per player, player to move first (may be negative). */
  readonly timers?: readonly number[];
  /** `to`: overtime allowed, ms. */
  readonly maxOvertime?: number;
  /** `var`: variant. */
  readonly variant?: string;
}

/** One operation as text: `opcode operand;` (operand '' when there is none). */
export interface CgpOperation {
  /** The opcode, case-sensitive (`lex`, `lm`, ...). */
  readonly opcode: string;
  /** Everything after the opcode's first space up to `;`, trimmed. */
  readonly operand: string;
}

/** A parsed CGP position. */
export interface CgpPosition {
  /** The board layout (from `bdn`, else inferred, else 15x15). */
  readonly layout: BoardLayout;
  /** The letter distribution (from `ld`, else the lexicon, else english). */
  readonly distribution: LetterDistribution;
  /** Row-major squares: EMPTY, a tile code, or code | BLANK_BIT for a designated blank. */
  readonly squares: Uint8Array;
  /** Racks, player to move first, tiles in the order written (BLANK = `?`); [] = unknown. */
  readonly racks: readonly (readonly number[])[];
  /** Scores, in rack order. */
  readonly scores: readonly number[];
  /** Consecutive zero-point turns before this position. */
  readonly consecutiveZeros: number;
  /** The known operations. */
  readonly options: CgpOptions;
  /** Operations with opcodes tabula does not know, in input order (written back). */
  readonly unknownOperations: readonly CgpOperation[];
}

/** Defaults used when the CGP names no board or distribution. */
export interface CgpParseOptions {
  /** Distribution when neither `ld` nor a known lexicon prefix names one (default english). */
  readonly distribution?: string;
  /** Board when `bdn` is absent (default: inferred from the row count, else CrosswordGame). */
  readonly board?: string;
}

/** Options for printing. */
export interface CgpPrintOptions {
  /** `lm` dialect; default `current`. */
  readonly dialect?: CgpDialect;
}

const KNOWN_OPCODES = [
  'lex',
  'ld',
  'bdn',
  'var',
  'bb',
  'cr',
  'etl',
  'mcnz',
  'gid',
  'tmr',
  'ti',
  'to',
  'oru',
  'lm',
] as const;
type KnownOpcode = (typeof KNOWN_OPCODES)[number];
const KNOWN = new Set<string>(KNOWN_OPCODES);

const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

interface RawOp {
  readonly opcode: string;
  readonly operand: string;
  readonly offset: number;
}

/** Where a field is in the line: `text.slice(start, end)`. */
interface Span {
  readonly start: number;
  readonly end: number;
}

/** The four required fields, and where the operations start. */
interface Fields {
  readonly board: Span;
  readonly racks: Span;
  readonly scores: Span;
  readonly zeros: Span;
  readonly rest: number;
}

/** What `bdn`, `ld` and `lex` (or the parse options, or the board's shape) settle. */
interface Settings {
  readonly layout: BoardLayout;
  readonly dist: LetterDistribution;
}

const fail = (code: CgpError, message: string, offset: number, field: string): Result<never> =>
  err(cgpError(code, message, { offset, column: offset + 1, field }));

const FIELD_NAMES = ['board', 'racks', 'scores', 'consecutive zeros'];

/** The four required fields, separated by runs of whitespace. */
const splitFields = (text: string): Result<Fields> => {
  const spans: Span[] = [];
  let i = 0;
  const n = text.length;
  while (spans.length < 4) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isSpace(text.charCodeAt(i))) i++;
    spans.push({ start, end: i });
  }
  if (spans.length < 4) {
    return fail(
      'MISSING_REQUIRED_FIELDS',
      `a CGP needs 4 space-separated fields (board, racks, scores, zeros); found ${spans.length}`,
      Math.min(i, n),
      FIELD_NAMES[spans.length] ?? 'board',
    );
  }
  while (i < n && isSpace(text.charCodeAt(i))) i++;
  return ok({ board: spans[0], racks: spans[1], scores: spans[2], zeros: spans[3], rest: i });
};

/** The operations from `from` on: split on ';', trimmed, the opcode up to the first whitespace; a repeated opcode is an error. */
const splitOperations = (text: string, from: number): Result<RawOp[]> => {
  const ops: RawOp[] = [];
  const seen = new Set<string>();
  const n = text.length;
  for (let i = from; i < n; ) {
    let semi = text.indexOf(';', i);
    if (semi < 0) semi = n;
    let a = i;
    let b = semi;
    while (a < b && isSpace(text.charCodeAt(a))) a++;
    while (b > a && isSpace(text.charCodeAt(b - 1))) b--;
    if (a < b) {
      let sp = a;
      while (sp < b && !isSpace(text.charCodeAt(sp))) sp++;
      // MAGPIE writes opcodes with a leading dash (`-lex DISC2;`): the same opcode.
      const written = text.slice(a, sp);
      const opcode = written.startsWith('-') && KNOWN.has(written.slice(1)) ? written.slice(1) : written;
      let o = sp;
      while (o < b && isSpace(text.charCodeAt(o))) o++;
      if (seen.has(opcode)) {
        return fail('DUPLICATE_OPERATION', `opcode "${opcode}" is given more than once`, a, opcode);
      }
      seen.add(opcode);
      ops.push({ opcode, operand: text.slice(o, b), offset: a });
    }
    i = semi + 1;
  }
  return ok(ops);
};

/** An operation's operand; MISSING_OPERAND when it has none. */
const needOperand = (op: RawOp): Result<string> =>
  op.operand === '' ? fail('MISSING_OPERAND', `opcode "${op.opcode}" needs an operand`, op.offset, op.opcode) : ok(op.operand);

/** How many rows the board field writes (one more than its slashes). */
const boardRowCount = (text: string, board: Span): number => {
  let rows = 1;
  for (let k = text.indexOf('/', board.start); k >= 0 && k < board.end; k = text.indexOf('/', k + 1)) rows++;
  return rows;
};

/**
 * The board layout and letter distribution: `bdn` and `ld` when given (checked in that order,
 * then `lex`'s operand), else the parse options, the lexicon's distribution, and a board of 21
 * rows (or the english_super distribution) meaning the super board.
 */
const parseSettings = (ops: ReadonlyMap<string, RawOp>, rowCount: number, options: CgpParseOptions): Result<Settings> => {
  let layout: BoardLayout | undefined;
  const bdn = ops.get('bdn');
  if (bdn) {
    const name = needOperand(bdn);
    if (!name.ok) return name;
    layout = boardByName(name.value);
    if (!layout) return fail('UNKNOWN_BOARD_NAME', `unknown board "${name.value}"`, bdn.offset, 'bdn');
  }
  let dist: LetterDistribution | undefined;
  const ld = ops.get('ld');
  if (ld) {
    const name = needOperand(ld);
    if (!name.ok) return name;
    dist = distributionByName(name.value);
    if (!dist) return fail('UNKNOWN_LETTER_DISTRIBUTION', `unknown letter distribution "${name.value}"`, ld.offset, 'ld');
  }
  const lex = ops.get('lex');
  if (lex) {
    const name = needOperand(lex);
    if (!name.ok) return name;
  }
  if (!layout && options.board) layout = boardByName(options.board);
  if (!layout && (dist?.name ?? options.distribution) === 'english_super') layout = SUPER_CROSSWORD_GAME;
  if (!layout && rowCount === SUPER_CROSSWORD_GAME.rows) layout = SUPER_CROSSWORD_GAME;
  if (!layout) layout = boardByName(DEFAULT_BOARD) as BoardLayout;
  if (!dist) {
    const fromLexicon = lex ? distributionForLexicon(lex.operand) : undefined;
    let name = fromLexicon ?? options.distribution;
    if ((name === undefined || name === 'english') && layout === SUPER_CROSSWORD_GAME && (!options.distribution || fromLexicon)) {
      name = 'english_super';
    }
    dist = distributionByName(name ?? DEFAULT_DISTRIBUTION) ?? (distributionByName(DEFAULT_DISTRIBUTION) as LetterDistribution);
  }
  return ok({ layout, dist });
};

/** The board field: rows separated by `/`, runs of empty squares as numbers, tiles of the distribution. Counts each tile in `counts` (designated blanks as blanks). */
const parseBoardField = (text: string, field: Span, rowCount: number, { layout, dist }: Settings, counts: number[]): Result<Uint8Array> => {
  const { rows, cols } = layout;
  if (rowCount !== rows) {
    return fail('INVALID_NUMBER_OF_BOARD_ROWS', `the ${layout.name} board has ${rows} rows; the CGP has ${rowCount}`, field.start, 'board');
  }
  const squares = new Uint8Array(rows * cols);
  const alpha = tileAlphabet(dist);
  let r = 0;
  let c = 0;
  let k = field.start;
  const end = field.end;
  const badWidth = (at: number): Result<never> =>
    fail('INVALID_NUMBER_OF_BOARD_COLUMNS', `row ${r + 1} of the board does not have ${cols} squares`, at, 'board');
  while (k <= end) {
    const ch = k < end ? text.charCodeAt(k) : 0x2f;
    if (ch === 0x2f) {
      if (c !== cols) return badWidth(k);
      r++;
      c = 0;
      k++;
      continue;
    }
    if (ch >= 48 && ch <= 57) {
      if (ch === 48) {
        return fail('MALFORMED_BOARD_LETTERS', `row ${r + 1}: a run of empty squares cannot start with 0`, k, 'board');
      }
      let run = 0;
      const at = k;
      while (k < end) {
        const d = text.charCodeAt(k);
        if (d < 48 || d > 57) break;
        run = run * 10 + (d - 48);
        k++;
        if (run > cols) return badWidth(at);
      }
      c += run;
      if (c > cols) return badWidth(at);
      continue;
    }
    const m = matchTile(alpha, text, k);
    if (m < 0 || k + (m >>> 16) > end) {
      return fail('MALFORMED_BOARD_LETTERS', `row ${r + 1}: "${text[k]}" at column ${k + 1} is not a tile of ${dist.name}`, k, 'board');
    }
    if (c >= cols) return badWidth(k);
    const tile = m & 0xffff;
    squares[r * cols + c] = tile;
    counts[tile & BLANK_BIT ? BLANK : tile]++;
    c++;
    k += m >>> 16;
  }
  return ok(squares);
};

/** The racks field: two racks separated by `/`, each at most RACK_SIZE tiles (`?` a blank). */
const parseRacksField = (text: string, field: Span, dist: LetterDistribution): Result<number[][]> => {
  const alpha = tileAlphabet(dist);
  const racks: number[][] = [];
  let k = field.start;
  const end = field.end;
  let current: number[] = [];
  let rackStart = k;
  while (k <= end) {
    const ch = k < end ? text.charCodeAt(k) : 0x2f;
    if (ch === 0x2f) {
      if (current.length > RACK_SIZE) {
        return fail('TOO_MANY_RACK_TILES', `a rack holds at most ${RACK_SIZE} tiles`, rackStart, 'racks');
      }
      racks.push(current);
      current = [];
      k++;
      rackStart = k;
      continue;
    }
    if (ch === 0x3f) {
      current.push(BLANK);
      k++;
      continue;
    }
    const m = matchTile(alpha, text, k);
    if (m < 0 || (m & BLANK_BIT) !== 0 || k + (m >>> 16) > end) {
      return fail('MALFORMED_RACK_LETTERS', `"${text[k]}" at column ${k + 1} is not a rack tile of ${dist.name}`, k, 'racks');
    }
    current.push(m & 0xffff);
    k += m >>> 16;
  }
  if (racks.length !== 2) {
    return fail('INVALID_NUMBER_OF_PLAYER_RACKS', `expected 2 racks, found ${racks.length}`, field.start, 'racks');
  }
  return ok(racks);
};

/** The scores field: one integer (at most 9 digits, maybe negative) per rack, separated by `/`. */
const parseScoresField = (text: string, field: Span, rackCount: number): Result<number[]> => {
  const scores: number[] = [];
  let k = field.start;
  const end = field.end;
  let count = 1;
  for (let q = k; q < end; q++) if (text.charCodeAt(q) === 0x2f) count++;
  if (count !== rackCount) {
    return fail('INVALID_NUMBER_OF_PLAYER_SCORES', `expected ${rackCount} scores, found ${count}`, field.start, 'scores');
  }
  while (k <= end) {
    const at = k;
    let neg = false;
    if (k < end && text.charCodeAt(k) === 0x2d) {
      neg = true;
      k++;
    }
    let v = 0;
    let digits = 0;
    while (k < end && text.charCodeAt(k) !== 0x2f) {
      const d = text.charCodeAt(k);
      if (d < 48 || d > 57 || digits >= 9) {
        return fail('MALFORMED_SCORES', `score at column ${at + 1} is not an integer`, k, 'scores');
      }
      v = v * 10 + (d - 48);
      digits++;
      k++;
    }
    if (digits === 0) return fail('MALFORMED_SCORES', `score at column ${at + 1} is empty`, at, 'scores');
    scores.push(neg ? -v : v);
    k++;
  }
  return ok(scores);
};

/** The consecutive zeros field: a natural number. */
const parseZerosField = (text: string, field: Span): Result<number> => {
  const zeros = readNatural(text, field.start, field.end);
  if (zeros < 0) {
    return fail('MALFORMED_CONSECUTIVE_ZEROS', 'consecutive zeros must be a non-negative integer', field.start, 'consecutive zeros');
  }
  return ok(zeros);
};

/** Every tile on the board (`counts`), then on the board and racks together, must come out of the bag. */
const checkBag = (counts: number[], racks: readonly number[][], dist: LetterDistribution, fields: Fields): Result<void> => {
  const size = dist.tiles.length;
  for (let t = 0; t < size; t++) {
    if (counts[t] > dist.tiles[t].count) {
      return fail(
        'BOARD_LETTERS_NOT_IN_BAG',
        `the board has ${counts[t]} × ${t === BLANK ? 'blank' : dist.tiles[t].name}; ${dist.name} has ${dist.tiles[t].count}`,
        fields.board.start,
        'board',
      );
    }
  }
  for (const rack of racks) for (const t of rack) counts[t]++;
  for (let t = 0; t < size; t++) {
    if (counts[t] > dist.tiles[t].count) {
      return fail(
        'RACK_LETTERS_NOT_IN_BAG',
        `board and racks hold ${counts[t]} × ${t === BLANK ? '?' : dist.tiles[t].name}; ${dist.name} has ${dist.tiles[t].count}`,
        fields.racks.start,
        'racks',
      );
    }
  }
  return ok(undefined);
};

type MutableOptions = { -readonly [K in keyof CgpOptions]: CgpOptions[K] };

/** A natural-number operand (`bb`, `etl`, `mcnz`, `ti`, `to`). */
const numberOperand = (op: RawOp, v: string): Result<number> => {
  const x = readNatural(v, 0, v.length);
  return x < 0 ? fail('MALFORMED_NUMBER_OPERAND', `"${op.opcode}" needs a non-negative integer, not "${v}"`, op.offset, op.opcode) : ok(x);
};

const NUMBER_OPTIONS = { bb: 'bingoBonus', etl: 'exchangeLimit', mcnz: 'maxConsecutiveZeros', ti: 'timerIncrement', to: 'maxOvertime' } as const;

/** `tmr`: one integer (ms, maybe negative) per player, separated by `/`. */
const timersOperand = (op: RawOp, v: string, players: number): Result<number[]> => {
  const parts = v.split('/');
  const timers = parts.map((p) => (/^-?[0-9]{1,12}$/.test(p) ? Number(p) : NaN));
  if (parts.length !== players || timers.some((t) => Number.isNaN(t))) {
    return fail('MALFORMED_TIMERS', `"tmr" needs ${players} integers (ms) separated by "/"`, op.offset, 'tmr');
  }
  return ok(timers);
};

/** Reads one known operation with an operand into `opts`. */
const readOperation = (opts: MutableOptions, code: Exclude<KnownOpcode, 'oru'>, op: RawOp, v: string, settings: Settings, players: number): Result<void> => {
  switch (code) {
    case 'lex':
      opts.lexicon = v;
      break;
    case 'ld':
      opts.letterDistribution = settings.dist.name;
      break;
    case 'bdn':
      opts.boardName = settings.layout.name;
      break;
    case 'var':
      opts.variant = v;
      break;
    case 'gid':
      if (/\s/.test(v)) return fail('MALFORMED_GAME_ID', 'a game id must not contain spaces', op.offset, 'gid');
      opts.gameId = v;
      break;
    case 'cr': {
      const rule = CHALLENGE_RULES.find((r) => r === v.toLowerCase());
      if (!rule) return fail('UNKNOWN_CHALLENGE_RULE', `unknown challenge rule "${v}"`, op.offset, 'cr');
      opts.challengeRule = rule;
      break;
    }
    case 'bb':
    case 'etl':
    case 'mcnz':
    case 'ti':
    case 'to': {
      const x = numberOperand(op, v);
      if (!x.ok) return x;
      opts[NUMBER_OPTIONS[code]] = x.value;
      break;
    }
    case 'tmr': {
      const timers = timersOperand(op, v, players);
      if (!timers.ok) return timers;
      opts.timers = timers.value;
      break;
    }
    case 'lm': {
      const move = parseLastMove(v, settings.layout, settings.dist);
      if (!move.ok) return fail('MALFORMED_LAST_MOVE', move.error.message, op.offset, 'lm');
      opts.lastMove = move.value;
      break;
    }
  }
  return ok(undefined);
};

/** The operations in input order: known ones into options, unknown ones kept as written. */
const parseOperations = (
  ops: readonly RawOp[],
  settings: Settings,
  players: number,
): Result<{ options: CgpOptions; unknownOperations: CgpOperation[] }> => {
  const opts: MutableOptions = {};
  const unknownOperations: CgpOperation[] = [];
  for (const op of ops) {
    if (!KNOWN.has(op.opcode)) {
      unknownOperations.push({ opcode: op.opcode, operand: op.operand });
      continue;
    }
    const code = op.opcode as KnownOpcode;
    if (code === 'oru') {
      if (op.operand !== '') return fail('UNEXPECTED_OPERAND', '"oru" takes no operand', op.offset, 'oru');
      opts.opponentRackUnknown = true;
      continue;
    }
    const operand = needOperand(op);
    if (!operand.ok) return operand;
    const read = readOperation(opts, code, op, operand.value, settings, players);
    if (!read.ok) return read;
  }
  return ok({ options: opts, unknownOperations });
};

/**
 * Parses one CGP line. Never throws; errors carry a MAGPIE-style code, the offset/column and the
 * field. The fields are read in order (the board after `bdn`, `ld` and `lex` settle its layout
 * and tiles), and the first error found is the one returned.
 */
export const parseCgp = (text: string, options: CgpParseOptions = {}): Result<CgpPosition> => {
  const fields = splitFields(text);
  if (!fields.ok) return fields;
  const { board, racks: racksField, scores: scoresField, zeros: zerosField, rest } = fields.value;
  const ops = splitOperations(text, rest);
  if (!ops.ok) return ops;
  const rowCount = boardRowCount(text, board);
  const settings = parseSettings(new Map(ops.value.map((op) => [op.opcode, op])), rowCount, options);
  if (!settings.ok) return settings;
  const { layout, dist } = settings.value;
  const counts = new Array<number>(dist.tiles.length).fill(0);
  const squares = parseBoardField(text, board, rowCount, settings.value, counts);
  if (!squares.ok) return squares;
  const racks = parseRacksField(text, racksField, dist);
  if (!racks.ok) return racks;
  const scores = parseScoresField(text, scoresField, racks.value.length);
  if (!scores.ok) return scores;
  const zeros = parseZerosField(text, zerosField);
  if (!zeros.ok) return zeros;
  const bag = checkBag(counts, racks.value, dist, fields.value);
  if (!bag.ok) return bag;
  const operations = parseOperations(ops.value, settings.value, racks.value.length);
  if (!operations.ok) return operations;
  return ok({
    layout,
    distribution: dist,
    squares: squares.value,
    racks: racks.value,
    scores: scores.value,
    consecutiveZeros: zeros.value,
    options: operations.value.options,
    unknownOperations: operations.value.unknownOperations,
  });
};

/** Digits only, at most 9 of them; -1 otherwise. */
const readNatural = (s: string, from: number, to: number): number => {
  if (to <= from || to - from > 9) return -1;
  let v = 0;
  for (let k = from; k < to; k++) {
    const d = s.charCodeAt(k);
    if (d < 48 || d > 57) return -1;
    v = v * 10 + (d - 48);
  }
  return v;
};

const moveError = (message: string): Result<never> => err(cgpError('MALFORMED_LAST_MOVE', message));

/** Parses an `lm` operand in either dialect. */
export const parseLastMove = (s: string, layout: BoardLayout, dist: LetterDistribution): Result<CgpLastMove> => {
  if (s === 'pass' || s === '-') return ok({ kind: 'pass' });
  if (s.startsWith('ex.') || (s.startsWith('-') && s !== '--')) {
    const rest = s.slice(s.startsWith('ex.') ? 3 : 1);
    const count = readNatural(rest, 0, rest.length);
    if (count >= 0) {
      if (count < 1 || count > RACK_SIZE) return moveError(`cannot exchange ${count} tiles`);
      return ok({ kind: 'exchange', count });
    }
    const tiles = parseTiles(rest, dist, { allowBlank: true });
    if (!tiles.ok) return moveError(`exchanged tiles: ${tiles.error.message}`);
    if (tiles.value.length < 1 || tiles.value.length > RACK_SIZE) return moveError(`cannot exchange ${tiles.value.length} tiles`);
    return ok({ kind: 'exchange', count: tiles.value.length, tiles: tiles.value });
  }
  let kind: 'play' | 'phony' = 'play';
  let body = s;
  if (s.startsWith('phony.')) {
    kind = 'phony';
    body = s.slice(6);
  } else if (s.startsWith('challenge ')) {
    kind = 'phony';
    body = s.slice(10).trimStart();
  }
  let sep = 0;
  while (sep < body.length && body[sep] !== '.' && body[sep] !== ' ') sep++;
  if (sep >= body.length) return moveError(`"${s}" is not a move`);
  const coordinate = parseCoordinate(body.slice(0, sep), layout.rows, layout.cols);
  if (!coordinate) return moveError(`"${body.slice(0, sep)}" is not a square of the ${layout.name} board`);
  let t = sep + 1;
  while (t < body.length && body[t] === ' ' && body[sep] === ' ') t++;
  let e = t;
  while (e < body.length && body[e] !== ' ') e++;
  const tiles = parseTiles(body.slice(t, e), dist, { allowDesignated: true, allowThrough: true });
  if (!tiles.ok) return moveError(`played tiles: ${tiles.error.message}`);
  if (tiles.value.length === 0 || tiles.value.every((x) => x === THROUGH)) return moveError('a play must place a tile');
  const last = (coordinate.vertical ? coordinate.row : coordinate.col) + tiles.value.length;
  if (last > (coordinate.vertical ? layout.rows : layout.cols)) return moveError('the play runs off the board');
  const tail = body.slice(e).trim();
  let challengePoints: number | undefined;
  if (tail !== '') {
    const m = /^\+([0-9]{1,4})$/.exec(tail);
    if (!m || kind === 'phony') return moveError(`unexpected "${tail}" after the play`);
    challengePoints = Number(m[1]);
  }
  return ok(
    kind === 'phony'
      ? { kind, coordinate, tiles: tiles.value }
      : challengePoints === undefined
        ? { kind, coordinate, tiles: tiles.value }
        : { kind, coordinate, tiles: tiles.value, challengePoints },
  );
};

/** Writes a last move in the given dialect; through squares take the board's letter in `current`. */
export const printLastMove = (
  move: CgpLastMove,
  position: Pick<CgpPosition, 'layout' | 'distribution' | 'squares'>,
  dialect: CgpDialect = 'current',
): string => {
  const seed = dialect === 'seed';
  const alpha = tileAlphabet(position.distribution);
  switch (move.kind) {
    case 'pass':
      return seed ? '-' : 'pass';
    case 'exchange': {
      const what = move.tiles ? move.tiles.map((t) => alpha.text[t]).join('') : String(move.count);
      return (seed ? '-' : 'ex.') + what;
    }
    case 'play':
    case 'phony': {
      const { row, col, vertical } = move.coordinate;
      const cols = position.layout.cols;
      let word = '';
      move.tiles.forEach((t, k) => {
        if (t !== THROUGH) word += alpha.text[t];
        else if (seed) word += '.';
        else {
          const sq = position.squares[(vertical ? row + k : row) * cols + (vertical ? col : col + k)];
          word += sq === EMPTY ? '.' : alpha.text[sq];
        }
      });
      const coord = printCoordinate(move.coordinate);
      const bonus = move.kind === 'play' && move.challengePoints !== undefined ? ` +${move.challengePoints}` : '';
      if (move.kind === 'phony') return seed ? `challenge ${coord} ${word}` : `phony.${coord}.${word}`;
      return seed ? `${coord} ${word}${bonus}` : `${coord}.${word}${bonus}`;
    }
  }
};

/** The operations in canonical order (known opcodes in a fixed order, then unknown ones as given). */
export const cgpOperations = (position: CgpPosition, dialect: CgpDialect = 'current'): CgpOperation[] => {
  const o = position.options;
  const out: CgpOperation[] = [];
  const add = (opcode: string, value: string | number | undefined): void => {
    if (value !== undefined) out.push({ opcode, operand: String(value) });
  };
  add('lex', o.lexicon);
  add('ld', o.letterDistribution);
  add('bdn', o.boardName);
  add('var', o.variant);
  add('bb', o.bingoBonus);
  add('cr', o.challengeRule);
  add('etl', o.exchangeLimit);
  add('mcnz', o.maxConsecutiveZeros);
  add('gid', o.gameId);
  add('tmr', o.timers?.join('/'));
  add('ti', o.timerIncrement);
  add('to', o.maxOvertime);
  if (o.opponentRackUnknown) add('oru', '');
  if (o.lastMove) add('lm', printLastMove(o.lastMove, position, dialect));
  for (const u of position.unknownOperations) out.push(u);
  return out;
};

/** The board as one string per row: `.` for empty, tiles as written by `tileText` (multi-character bracketed). */
export const boardRows = (position: Pick<CgpPosition, 'layout' | 'distribution' | 'squares'>): string[] => {
  const alpha = tileAlphabet(position.distribution);
  const { rows, cols } = position.layout;
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    let s = '';
    for (let c = 0; c < cols; c++) {
      const t = position.squares[r * cols + c];
      s += t === EMPTY ? '.' : alpha.text[t];
    }
    out.push(s);
  }
  return out;
};

/** The racks as text, in the order written (`?` for blanks, multi-character tiles bracketed). */
export const rackStrings = (position: Pick<CgpPosition, 'distribution' | 'racks'>): string[] => {
  const alpha = tileAlphabet(position.distribution);
  return position.racks.map((rack) => rack.map((t) => alpha.text[t]).join(''));
};

/** Number of tiles on the board. */
export const tilesOnBoard = (position: Pick<CgpPosition, 'squares'>): number => {
  let n = 0;
  for (let q = 0; q < position.squares.length; q++) if (position.squares[q] !== EMPTY) n++;
  return n;
};

/** Unseen tiles per code (bag plus unknown rack tiles): the distribution minus the board and all known rack tiles. */
export const unseenTileCounts = (position: Pick<CgpPosition, 'distribution' | 'squares' | 'racks'>): number[] => {
  const counts = position.distribution.tiles.map((t) => t.count);
  for (let q = 0; q < position.squares.length; q++) {
    const t = position.squares[q];
    if (t !== EMPTY) counts[t & BLANK_BIT ? BLANK : t]--;
  }
  for (const rack of position.racks) for (const t of rack) counts[t]--;
  return counts;
};

/** How many tiles are unseen (bag plus unknown racks). */
export const unseenTileCount = (position: Pick<CgpPosition, 'distribution' | 'squares' | 'racks'>): number =>
  unseenTileCounts(position).reduce((a, b) => a + b, 0);

/** Where a tile goes in a printed rack: letters in distribution order, then the blank. */
const rackOrder = (t: number): number => (t === BLANK ? Number.MAX_SAFE_INTEGER : t);

/** Writes a position as canonical CGP: single spaces, multi-character tiles bracketed, racks in distribution order (`?` last), operations in canonical order. */
export const printCgp = (position: CgpPosition, options: CgpPrintOptions = {}): string => {
  const alpha = tileAlphabet(position.distribution);
  const { rows, cols } = position.layout;
  let s = '';
  for (let r = 0; r < rows; r++) {
    if (r > 0) s += '/';
    let run = 0;
    for (let c = 0; c < cols; c++) {
      const t = position.squares[r * cols + c];
      if (t === EMPTY) {
        run++;
        continue;
      }
      if (run > 0) {
        s += run;
        run = 0;
      }
      s += alpha.text[t];
    }
    if (run > 0) s += run;
  }
  s += ' ';
  position.racks.forEach((rack, k) => {
    if (k > 0) s += '/';
    // Distribution order with the blank last, as MAGPIE and Macondo print a rack (`HIJKLM?`).
    const sorted = rack.length > 1 ? [...rack].sort((a, b) => rackOrder(a) - rackOrder(b)) : rack;
    for (const t of sorted) s += alpha.text[t];
  });
  s += ' ' + position.scores.join('/') + ' ' + position.consecutiveZeros;
  for (const op of cgpOperations(position, options.dialect)) {
    s += op.operand === '' ? ` ${op.opcode};` : ` ${op.opcode} ${op.operand};`;
  }
  return s;
};

/** Parses every non-blank line of a text as CGP; one result per line, with 1-based line numbers set on errors. */
export const parseCgpLines = (
  text: string,
  options: CgpParseOptions = {},
): { line: number; result: Result<CgpPosition> }[] => {
  const out: { line: number; result: Result<CgpPosition> }[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, k) => {
    if (line.trim() === '') return;
    const result = parseCgp(line, options);
    out.push({ line: k + 1, result: result.ok ? result : err<CodecError>({ ...result.error, line: k + 1 }) });
  });
  return out;
};
