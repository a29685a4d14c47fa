/**
 * gnubg analysis properties read as numbers: `A` (checker-play candidates) and
 * `DA` (cube decision), giving the equity of the decision played and of the
 * best one, with the evaluation settings. Formats from gnubg sgf.c
 * (`WriteMoveAnalysis`, `WriteDoubleAnalysis`, SGF_FORMAT_VER 3). Rollout
 * entries (`X …`/`R …`) are kept as text without equities.
 */
import { roomForPair } from '../arrays';
import { Result, codecErrors, err, ok } from '../result';
import { BgNode } from './sgfGame';
import { Seat } from './types';

/** The error codes this module returns. */
export const ANALYSIS_ERRORS = ['ERR_BG_ANALYSIS'] as const;
/** One of ANALYSIS_ERRORS. */
export type AnalysisError = (typeof ANALYSIS_ERRORS)[number];
const analysisError = codecErrors(ANALYSIS_ERRORS);

/** Evaluation settings of an analysis entry, e.g. `2C 0 1 0.000000 1` = 2-ply cubeful, deterministic, no noise, pruning. */
export interface EvalSettings {
  kind: 'evaluation' | 'rollout';
  plies?: number;
  cubeful?: boolean;
  deterministic?: boolean;
  noise?: number;
  prune?: boolean;
  /** The settings as written (after `E ver 3 `), for storage. */
  text: string;
}

/** One checker-play candidate of an `A` property. */
export interface MoveCandidate {
  /** The move as SGF letters (mover's colour mapping). */
  move: string;
  /** win, win gammon, win backgammon, lose gammon, lose backgammon (probabilities). */
  probabilities?: number[];
  /** Equity gnubg ranks by (normalised, cubeful when the settings say `C`); null for rollouts. */
  equity: number | null;
  settings: EvalSettings;
}

/** The `A` property: candidates and which one was played. */
export interface MoveAnalysis {
  playedIndex: number;
  candidates: MoveCandidate[];
}

/** One row of a `DA` evaluation: 5 probabilities, cubeless equity, cubeful value (money: equity; match: match-winning chance). */
export interface CubeRow {
  probabilities: number[];
  cubeless: number;
  cubeful: number;
}

/** The `DA` property read. */
export interface CubeAnalysis {
  settings: EvalSettings;
  noDouble: CubeRow;
  doubleTake: CubeRow;
}

/** Equity of one decision: what was played and the best choice, from the deciding player's side. */
export interface DecisionEquity {
  kind: 'checker' | 'cube';
  player: Seat;
  /** What was decided: the move letters, or `no double`, `double`, `take`, `drop`. */
  decision: string;
  played: number;
  best: number;
  /** best − played (≥ 0). */
  error: number;
  /** `equity` (normalised) or `mwc` (match-winning chance, gnubg's cubeful cube values in match play). */
  unit: 'equity' | 'mwc';
  program: 'gnubg';
  settings: EvalSettings;
}

/** gnubg writes numbers with `g_ascii_formatd` and may write `inf`, `-inf`, `nan`, which `parseFloat` does not read. */
export const parseGnubgNumber = (s: string): number => {
  // Nearly every value is a plain decimal number: read it without copying the text.
  const plain = Number(s);
  if (plain === plain) return plain;
  const t = s.trim().toLowerCase();
  if (t === 'inf' || t === '+inf' || t === 'infinity') return Infinity;
  if (t === '-inf' || t === '-infinity') return -Infinity;
  if (t === 'nan' || t === '-nan') return NaN;
  return Number(t);
};

const readSettings = (words: string[], at: number, legacy: boolean): EvalSettings => {
  // ver 3: "<plies>[C] <det> <noise> <prune>" for DA; A has "<plies>[C] 0 <det> <noise> <prune>" (the 0 = obsolete reduction).
  const pc = words[at] ?? '';
  const m = /^(\d+)(C?)$/.exec(pc);
  const off = legacy ? 1 : 0;
  return {
    kind: 'evaluation',
    plies: m ? parseInt(m[1], 10) : undefined,
    cubeful: m ? m[2] === 'C' : undefined,
    deterministic: words[at + 1 + off] === '1',
    noise: parseGnubgNumber(words[at + 2 + off] ?? 'nan'),
    prune: words[at + 3 + off] === '1',
    text: words.slice(at, at + 4 + off).join(' '),
  };
};

/** Reads an `A` property's values: `[index played][<letters> E ver 3 <5 probs> <equity> <plies>[C] 0 <det> <noise> <prune>]…`. */
export const parseMoveAnalysis = (values: string[]): Result<MoveAnalysis> => {
  const playedIndex = readPlayedIndex(values);
  if (!playedIndex.ok) return playedIndex;
  const candidates: MoveCandidate[] = [];
  for (let i = 1; i < values.length; i++) candidates.push(readCandidate(values[i]));
  const fits = candidatesHold(playedIndex.value, candidates.length);
  return fits.ok ? ok({ playedIndex: playedIndex.value, candidates }) : fits;
};

/** The index of the move played, an `A` property's first value. */
const readPlayedIndex = (values: string[]): Result<number> => {
  const playedIndex = Number(values[0]);
  if (!Number.isInteger(playedIndex) || playedIndex < 0)
    return err(analysisError('ERR_BG_ANALYSIS', `A[${values[0]}]: the first value must be the index of the move played`, { field: 'A' }));
  return ok(playedIndex);
};

/** Whether `count` candidates hold the one played (or there are none). */
const candidatesHold = (playedIndex: number, count: number): Result<void> =>
  playedIndex >= count && count > 0
    ? err(analysisError('ERR_BG_ANALYSIS', `A: move ${playedIndex} played but only ${count} candidates`, { field: 'A' }))
    : ok(undefined);

/**
 * What a node's verdicts read of its `A` property (`decisionEquities`, `decisionErrors`): the move
 * played and the first candidate whole, how many candidates, and the best equity of all.
 */
export interface MoveAnalysisSummary {
  playedIndex: number;
  /** How many candidates the property holds. */
  count: number;
  /** The candidate played, and the first one (gnubg's best), as `parseMoveAnalysis` reads them. */
  played: MoveCandidate | undefined;
  first: MoveCandidate | undefined;
  /**
   * The played candidate's equity raised to any higher one's, candidates in order (`null`: the
   * played one has none and no candidate has one; NaN once met stays).
   */
  best: number | null;
}

/**
 * `A` values summarised, by their array: a node's analysis is read for its equities and again for
 * its verdicts, and the reading is most of an import's time on gnubg files. Results are not
 * changed by their readers.
 */
const summaries = new WeakMap<string[], Result<MoveAnalysisSummary>>();

/**
 * An `A` property's values summarised (`MoveAnalysisSummary`), the same as from `parseMoveAnalysis`'s
 * candidates, with the same errors: of every candidate but the played and the first, its equity
 * alone is read (no object, no text copied), since each of the many candidates gnubg writes for a
 * move would otherwise leave its object, probabilities and move text as garbage.
 */
export const summariseMoveAnalysis = (values: string[]): Result<MoveAnalysisSummary> => {
  let summary = summaries.get(values);
  if (!summary) summaries.set(values, (summary = readSummary(values)));
  return summary;
};

const readSummary = (values: string[]): Result<MoveAnalysisSummary> => {
  const playedIndex = readPlayedIndex(values);
  if (!playedIndex.ok) return playedIndex;
  const count = Math.max(0, values.length - 1);
  const fits = candidatesHold(playedIndex.value, count);
  if (!fits.ok) return fits;
  const played = playedIndex.value < count ? readCandidate(values[playedIndex.value + 1]) : undefined;
  const first = playedIndex.value === 0 ? played : count > 0 ? readCandidate(values[1]) : undefined;
  let best = played?.equity ?? null;
  for (let k = 0; k < count; k++) {
    const whole = k === playedIndex.value ? played : k === 0 ? first : undefined;
    const equity = whole ? whole.equity : equityOfCandidate(values[k + 1]);
    if (equity !== null && (best === null || equity > best)) best = equity;
  }
  return ok({ playedIndex: playedIndex.value, count, played, first, best });
};

/** Whether a character code is whitespace as `\s` reads it. */
const isSpace = (code: number): boolean =>
  code === 32 || (code >= 9 && code <= 13) || (code > 127 && (code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff));

/** Where a candidate's words start and end (start of word k at 2k, its end at 2k + 1), filled by `findWords`. */
let wordBounds = new Int32Array(64);

/**
 * Whitespace that is not one space between two words: a tab, a line end, any other space `\s`
 * reads, two spaces in a row, or a space at either end. gnubg writes none of it.
 */
const UNEVEN_SPACE = /[^\S ]| {2}|^ | $/;

/** Finds the words of `text` (runs between whitespace, as `text.trim().split(/\s+/)` gives them) into `wordBounds`; returns how many. */
const findWords = (text: string): number => (text.length > 0 && !UNEVEN_SPACE.test(text) ? findSpacedWords(text) : findWordsByCharacter(text));

/** `findWords` of a text whose words are separated by one space each (no `UNEVEN_SPACE`): the spaces found by indexOf. */
const findSpacedWords = (text: string): number => {
  let count = 0;
  let start = 0;
  for (;;) {
    const space = text.indexOf(' ', start);
    wordBounds = roomForPair(wordBounds, count);
    wordBounds[2 * count] = start;
    wordBounds[2 * count + 1] = space < 0 ? text.length : space;
    count++;
    if (space < 0) return count;
    start = space + 1;
  }
};

/** `findWords` of any text, a character at a time. */
const findWordsByCharacter = (text: string): number => {
  let count = 0;
  let i = 0;
  const n = text.length;
  for (;;) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) return count;
    const start = i;
    while (i < n && !isSpace(text.charCodeAt(i))) i++;
    wordBounds = roomForPair(wordBounds, count);
    wordBounds[2 * count] = start;
    wordBounds[2 * count + 1] = i;
    count++;
  }
};

const wordAt = (text: string, k: number): string => text.slice(wordBounds[2 * k], wordBounds[2 * k + 1]);
const wordIs = (text: string, k: number, word: string): boolean =>
  wordBounds[2 * k + 1] - wordBounds[2 * k] === word.length && text.startsWith(word, wordBounds[2 * k]);

/** Powers of ten a decimal's fraction divides by: exact as doubles up to 10^22. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * Word k of `text` as `parseGnubgNumber` reads it. A plain decimal (`-0.496365`: a sign, at most 15
 * digits, one point) is read off the characters: its digits as an integer, divided by a power of
 * ten, both exact, so the quotient is the correctly rounded value `Number` gives. Anything else
 * (`inf`, an exponent, more digits) is read from its text.
 */
const numberAt = (text: string, k: number): number => {
  const start = wordBounds[2 * k];
  const end = wordBounds[2 * k + 1];
  let i = start;
  const negative = text.charCodeAt(i) === 45;
  if (negative) i++;
  let digits = 0;
  let fraction = -1;
  let value = 0;
  for (; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      digits++;
      if (fraction >= 0) fraction++;
    } else if (code === 46 && fraction < 0) fraction = 0;
    else break;
  }
  if (i < end || digits === 0 || digits > 15) return parseGnubgNumber(text.slice(start, end));
  const read = fraction > 0 ? value / POWERS_OF_TEN[fraction] : value;
  return negative ? -read : read;
};

/** Settings read, by their text: candidates written with the same settings share one (results are not changed by their readers). */
const settingsByText = new Map<string, EvalSettings>();
const MAX_SETTINGS_KEPT = 4096;

/** The settings of words at .. at + 4 (the obsolete 0 of an `A` entry among them), read once per text. */
const candidateSettings = (text: string, at: number, words: number): EvalSettings => {
  const last = Math.min(at + 5, words) - 1;
  const written = last >= at ? text.slice(wordBounds[2 * at], wordBounds[2 * last + 1]) : '';
  let settings = settingsByText.get(written);
  if (!settings) {
    const list: string[] = [];
    for (let k = at; k < at + 5 && k < words; k++) list.push(wordAt(text, k));
    settings = readSettings(list, 0, true);
    if (settingsByText.size >= MAX_SETTINGS_KEPT) settingsByText.clear();
    settingsByText.set(written, settings);
  }
  return settings;
};

/**
 * Where the probabilities of a candidate whose `words` were found start: word 4 after `E ver 3`,
 * word 2 in the layout before version 3, -1 for a rollout or too few words.
 */
const candidateNumbersAt = (text: string, words: number): number => {
  const evaluated = words > 1 && wordIs(text, 1, 'E');
  return evaluated && words >= 15 && wordIs(text, 2, 'ver') ? 4 : evaluated && words >= 11 ? 2 : -1;
};

/** One `A` entry: `<letters> E ver 3 <5 probs> <equity> <settings>`, the layout before version 3 without `ver n`, or a rollout (`X …`, `R …`: kept as text). */
const readCandidate = (text: string): MoveCandidate => {
  const words = findWords(text);
  const move = words > 0 ? wordAt(text, 0) : '';
  const at = candidateNumbersAt(text, words);
  // A rollout's words after the move, between single spaces, as a split and join writes them.
  if (at < 0) return { move, equity: null, settings: { kind: 'rollout', text: joinWords(text, 1, words) } };
  const probabilities = [numberAt(text, at), numberAt(text, at + 1), numberAt(text, at + 2), numberAt(text, at + 3), numberAt(text, at + 4)];
  return { move, probabilities, equity: numberAt(text, at + 5), settings: candidateSettings(text, at + 6, words) };
};

/** A candidate's equity as `readCandidate` reads it (null: a rollout, or too few words), read alone. */
const equityOfCandidate = (text: string): number | null => {
  const words = findWords(text);
  const at = candidateNumbersAt(text, words);
  return at < 0 ? null : numberAt(text, at + 5);
};

/** Words from .. words - 1 of `text` joined by single spaces. */
const joinWords = (text: string, from: number, words: number): string => {
  const list: string[] = [];
  for (let k = from; k < words; k++) list.push(wordAt(text, k));
  return list.join(' ');
};

/** Reads a `DA` value: `E ver 3 <plies>[C] <det> <noise> <prune>` then two rows of 7 numbers (no double, double/take). */
export const parseCubeAnalysis = (value: string): Result<CubeAnalysis | null> => {
  const words = value.trim().split(/\s+/);
  if (words[0] !== 'E') return ok(null); // rollout: kept verbatim, not read
  if (words[1] !== 'ver' || words.length < 7 + 14)
    return err(analysisError('ERR_BG_ANALYSIS', `DA[${value.slice(0, 40)}…]: expected 'E ver 3' settings and 14 numbers`, { field: 'DA' }));
  const settings = readSettings(words, 3, false);
  const nums = words.slice(7, 21).map(parseGnubgNumber);
  const row = (o: number): CubeRow => ({ probabilities: nums.slice(o, o + 5), cubeless: nums[o + 5], cubeful: nums[o + 6] });
  return ok({ settings, noDouble: row(0), doubleTake: row(7) });
};

/**
 * The decision equities of a node: the checker play (from `A`) and the cube
 * decision (from `DA`) made there. `matchLength` > 0 marks cube values as
 * match-winning chances, for which a drop's value needs a match equity table:
 * then only no-double vs double/take is compared.
 */
export const decisionEquities = (node: BgNode, matchLength: number): Result<DecisionEquity[]> => {
  const out: DecisionEquity[] = [];
  const action = node.action;
  if (!action) return ok(out);
  const player = action.player;
  for (const p of node.extra) {
    if (p.id === 'A' && action.kind === 'move') {
      const a = summariseMoveAnalysis(p.values);
      if (!a.ok) return a;
      const { played, best } = a.value;
      if (played && played.equity !== null && best !== null)
        out.push({ kind: 'checker', player, decision: played.move, played: played.equity, best, error: best - played.equity, unit: 'equity', program: 'gnubg', settings: played.settings });
    } else if (p.id === 'DA') {
      const d = parseCubeAnalysis(p.values[0] ?? '');
      if (!d.ok) return d;
      if (!d.value) continue;
      const { noDouble, doubleTake, settings } = d.value;
      const money = matchLength === 0;
      const unit = money ? 'equity' : 'mwc';
      const nd = noDouble.cubeful;
      // Double/pass is worth the cube (+1 normalised) in money play; in a match its MWC is not in the file.
      const dt = money ? Math.min(doubleTake.cubeful, 1) : doubleTake.cubeful;
      const add = (decision: string, pl: Seat, played: number, best: number) =>
        out.push({ kind: 'cube', player: pl, decision, played, best, error: best - played, unit, program: 'gnubg', settings });
      if (action.kind === 'move') add('no double', player, nd, Math.max(nd, dt));
      else if (action.kind === 'double') add('double', player, dt, Math.max(nd, dt));
      else if (action.kind === 'take' || action.kind === 'drop') {
        if (money) {
          // From the taker's side: take = −DT, drop = −1.
          const take = -doubleTake.cubeful;
          add(action.kind, player, action.kind === 'take' ? take : -1, Math.max(take, -1));
        }
        // Match play: a take/drop's value needs the match equity table; not scored.
      }
    }
  }
  return ok(out);
};
