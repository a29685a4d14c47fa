/**
 * Jellyfish `.mat` match files, the text format gnubg, FIBS, GridGammon and BGBlitz
 * users exchange: read into plain data (header, games, each player's column of
 * actions) and printed back the way gnubg's `export match mat` lays them out
 * (export.c `ExportMatchMat`, `ExportGameJF`). Reading follows gnubg's `import mat`
 * (import.c `ImportMatVariation`, `ImportGame`, `ParseMatMove`; drawboard.c
 * `ParseMove`), but strictly: text gnubg skips with a warning is an error naming
 * its line and column. What a roll without a written play means (a dance, a forced
 * play, or a roll not played before a resignation) and where consolidated moves
 * split depend on the board: `matGame.ts` resolves them.
 */
import { CodecError, Result, codecErrors, err, ok } from '../result';
import { Seat } from './types';

/** The error codes this module returns. */
export const MAT_FILE_ERRORS = ['ERR_MAT_LENGTH', 'ERR_MAT_MOVE', 'ERR_MAT_NO_GAME', 'ERR_MAT_NO_MATCH', 'ERR_MAT_PLAYERS', 'ERR_MAT_SYNTAX', 'ERR_MAT_UNSUPPORTED'] as const;
/** One of MAT_FILE_ERRORS. */
export type MatFileError = (typeof MAT_FILE_ERRORS)[number];
const matFileError = codecErrors(MAT_FILE_ERRORS);

/** One checker step as a `.mat` file writes it, in the mover's numbering: 1..24 points, 25 = bar, 0 = off. */
export interface MatStep {
  from: number;
  to: number;
  /** Written with `*` (a hit); gnubg marks the first step that lands on an opponent's blot. */
  hit: boolean;
}

/** One action in a player's column. */
export type MatAction =
  /**
   * `31: 8/5 6/5`: a roll (dice as written) and its play. No step written = a dance, a forced play
   * or (`rolledOnly`, set only by writers) a roll not played before a resignation (gnubg's set-dice record).
   */
  | { kind: 'roll'; dice: [number, number]; steps: MatStep[]; rolledOnly?: boolean }
  /** `Doubles => 2`, `Beavers => 4` (a redouble by the doubled player), `Raccoons => 8`; `cube` = the value offered, if written. */
  | { kind: 'double' | 'beaver' | 'raccoon'; cube?: number }
  | { kind: 'take' | 'drop' }
  /**
   * `Wins 2 points`: this column's player won. `by` (set by readers that know the board, and by
   * writers) says how: the last checker borne off, a dropped double, or the other side resigning.
   */
  | { kind: 'win'; points: number; by?: 'bearoff' | 'drop' | 'resign' };

/** An action and where it was written. */
export interface MatEntry {
  /** The column: 0 = left (gnubg player 0, SGF White), 1 = right. */
  player: Seat;
  action: MatAction;
  /** Line and column (from 1) of the action's text; 0 when built, not read. */
  line: number;
  column: number;
}

/** A player of one game: the name line's name and score at the start of the game. */
export interface MatPlayer {
  name: string;
  score: number;
  /** GridGammon writes `name,1650`: the rating after the comma. */
  rating?: string;
}

/** One ` Game k` section. */
export interface MatGame {
  /** `k` of ` Game k` (from 1). */
  number: number;
  players: [MatPlayer, MatPlayer];
  entries: MatEntry[];
  /** Line (from 1) of ` Game k`; 0 when built. */
  line: number;
  /** Lines of the section (` Game k` up to the next section), as read; empty when built. */
  text: string;
}

/** A `; [Name "value"]` header line (gnubg: Site, Event, Round, EventDate, Variation, Transcriber). */
export interface MatTag {
  name: string;
  value: string;
}

/** A whole file. */
export interface MatFile {
  tags: MatTag[];
  /** Other `;` or `#` comment lines before the match line, their text after the marker. */
  comments: string[];
  /** `N point match`; 0 = a money session. */
  matchLength: number;
  games: MatGame[];
  /** The lines before the first game (comments and the match line), as read; empty when built. */
  header: string;
}

/** What reading a file gives: the file and what was skipped. */
export interface MatRead {
  file: MatFile;
  warnings: string[];
}

/** gnubg's `MAXSCORE`: the longest match it reads. */
export const MAT_MAX_LENGTH = 64;

interface Line {
  text: string;
  /** From 1. */
  number: number;
  /** Offset of the line's first character in the file. */
  offset: number;
}

const splitLines = (text: string): Line[] => {
  const lines: Line[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text.charCodeAt(i);
    if (i === text.length || c === 10 || c === 13) {
      lines.push({ text: text.slice(start, i), number: lines.length + 1, offset: start });
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
  }
  if (lines.length > 0 && lines[lines.length - 1].text === '' && text.length > 0) lines.pop();
  return lines;
};

const isBlank = (s: string): boolean => /^[ \t]*$/.test(s);

/** `N point match` (gnubg: `%d %*1[Pp]oint %*1[Mm]atch`). */
const MATCH_LINE = /^[ \t]*(\d+)[ \t]+[Pp]oint[ \t]+[Mm]atch\b/;
const GAME_LINE = /^[ \t]*Game[ \t]+(\d+)[ \t]*$/;
const TAG = /^\[([A-Za-z][A-Za-z ]*?) "(.*)"\]\s*$/;

type Fail = (message: string, line: Line, column: number, code?: MatFileError) => CodecError;

const failAt: Fail = (message, line, column, code = 'ERR_MAT_SYNTAX') =>
  matFileError(code, `line ${line.number}, column ${column}: ${message}`, { line: line.number, column, offset: line.offset + column - 1 });

/** The points of a play (drawboard.c `ParseMove`): `24/18 13/10`, `bar/22*`, `6/off`, `8/3(2)`, `13/7/1`; 25 = bar, 0 = off. */
export const parseMatPlay = (text: string): { steps: MatStep[] } | { error: string; at: number } => {
  const points: number[] = [];
  const hits: boolean[] = [];
  // slash[k]: a '/' comes before point k (so point k − 1 is a source and point k its destination).
  const slash: boolean[] = [];
  let i = 0;
  const tooMany = (at: number) => ({ error: 'more than 8 points: a play has at most 4 steps', at });
  while (i < text.length) {
    const ch = text[i];
    if (ch === ' ' || ch === '\t') {
      i++;
    } else if (/\d/.test(ch)) {
      const m = /^\d+/.exec(text.slice(i))![0];
      const n = Number(m);
      if (n > 25) return { error: `'${m}' is not a point 0..25 (25 = bar, 0 = off)`, at: i };
      if (points.length === 8) return tooMany(i);
      points.push(n);
      hits.push(false);
      i += m.length;
    } else if (/[oObB]/.test(ch)) {
      const word = /^(?:[oO][fF]{0,2}|[bB](?:[aA][rR]?)?)/.exec(text.slice(i))![0];
      if (points.length === 8) return tooMany(i);
      points.push(/^[bB]/.test(word) ? 25 : 0);
      hits.push(false);
      i += word.length;
    } else if (ch === '/') {
      if (points.length === 0 || slash[points.length]) return { error: "a '/' with no point before it", at: i };
      slash[points.length] = true;
      i++;
    } else if (ch === '*') {
      if (points.length) hits[points.length - 1] = true;
      i++;
    } else if (ch === ',') {
      i++;
    } else if (ch === '(') {
      const m = /^\((\d+)\)/.exec(text.slice(i));
      if (!m || Number(m[1]) < 2) return { error: "'(' must hold a count of 2 or more, as in 8/3(2)", at: i };
      // Repeat the last step (or chain: 24/18/13(2)) count − 1 more times.
      let begin = points.length - 1;
      while (begin >= 0 && slash[begin]) begin--;
      if (points.length < 2 || slash[points.length] || begin < 0) return { error: "'(n)' must follow a step such as 8/3", at: i };
      const end = points.length;
      if (end + (end - begin) * (Number(m[1]) - 1) > 8) return tooMany(i);
      for (let r = 1; r < Number(m[1]); r++)
        for (let j = begin; j < end; j++) {
          if (slash[j]) slash[points.length] = true;
          points.push(points[j]);
          hits.push(hits[j]);
        }
      i += m[0].length;
    } else {
      return { error: `'${ch}' is not part of a play (points 0..25, bar, off, '/', '*', '(n)')`, at: i };
    }
  }
  if (slash[points.length]) return { error: "a '/' with no point after it", at: text.length };
  // Pair the points: `a/b/c` is a/b then b/c.
  const steps: MatStep[] = [];
  let pending: number | undefined;
  for (let k = 0; k < points.length; k++) {
    if (pending === undefined) {
      if (points[k] === 0) return { error: 'a step cannot start from off (0)', at: 0 };
      pending = points[k];
      continue;
    }
    if (points[k] === 25) return { error: 'a step cannot end on the bar (25)', at: 0 };
    steps.push({ from: pending, to: points[k], hit: hits[k] });
    pending = undefined;
    if (slash[k + 1]) {
      if (points[k] === 0) return { error: 'a step cannot start from off (0)', at: 0 };
      pending = points[k];
    }
  }
  if (pending !== undefined) return { error: `point ${pending} has no destination`, at: text.length };
  if (steps.length > 4) return { error: 'more than 4 steps', at: 0 };
  return { steps };
};

/** Reads one column's text (already trimmed); undefined for nothing to record (`resign` lines of `.gam` files). */
const parseAction = (text: string, line: Line, column: number): Result<MatAction | undefined> => {
  const roll = /^([1-6])([1-6]):/.exec(text);
  if (roll) {
    let rest = text.slice(3);
    let restColumn = column + 3;
    const lead = /^[ \t]*/.exec(rest)![0].length;
    rest = rest.slice(lead);
    restColumn += lead;
    // XG writes `???` for a roll followed by a resignation and `Cannot Move` for a dance (import.c).
    if (/^\?{3,4}[ \t]*$/.test(rest) || /^cannot move[ \t]*$/i.test(rest)) rest = '';
    if (/^illegal play/i.test(rest)) return err(failAt("Snowie's 'Illegal play (…)' is not supported", line, restColumn, 'ERR_MAT_UNSUPPORTED'));
    const play = parseMatPlay(rest);
    if ('error' in play) return err(failAt(`${text.slice(0, 2)}: ${play.error}`, line, restColumn + play.at, 'ERR_MAT_MOVE'));
    return ok({ kind: 'roll', dice: [Number(roll[1]), Number(roll[2])], steps: play.steps });
  }
  const cube = /^(doubles?|beavers?|raccoons?)\b[ \t]*(?:=>[ \t]*(\d+))?/i.exec(text);
  if (cube) {
    const word = cube[1].toLowerCase();
    const kind = word.startsWith('double') ? 'double' : word.startsWith('beaver') ? 'beaver' : 'raccoon';
    return ok(cube[2] === undefined ? { kind } : { kind, cube: Number(cube[2]) });
  }
  if (/^takes?\b/i.test(text)) return ok({ kind: 'take' });
  if (/^drops?\b/i.test(text)) return ok({ kind: 'drop' });
  const win = /^wins?[ \t]+(\d+)/i.exec(text);
  if (win) return ok({ kind: 'win', points: Number(win[1]) });
  if (/^wins?\b/i.test(text)) return err(failAt(`'${text}': Wins needs its points, as in 'Wins 2 points'`, line, column));
  if (/^resign/i.test(text)) return ok(undefined);
  return err(failAt(`'${text}' is not a roll ('31: 8/5 6/5'), 'Doubles => 2', 'Takes', 'Drops' or 'Wins 1 point'`, line, column));
};

/**
 * Splits a move line into its two columns as gnubg does (import.c `ImportGame`): with two rolls,
 * the right one starts at its dice (two characters before the second ':'); otherwise at the first
 * two spaces from the 16th character on. The left column starts after the row's `)`.
 */
const columnsOf = (text: string): { start: number; end: number }[] => {
  const c1 = text.indexOf(':');
  const c2 = c1 >= 0 ? text.indexOf(':', c1 + 1) : -1;
  let leftEnd = text.length;
  let right: { start: number; end: number } | undefined;
  if (c2 > 3) {
    leftEnd = c2 - 3;
    right = { start: c2 - 2, end: text.length };
  } else if (text.length > 15) {
    const k = text.indexOf('  ', 15);
    if (k >= 0) {
      leftEnd = k;
      right = { start: k + 1, end: text.length };
    }
  }
  const paren = text.slice(0, leftEnd).indexOf(')');
  const left = { start: paren >= 0 ? paren + 1 : 0, end: leftEnd };
  return right ? [left, right] : [left];
};

/** Reads the name line: `name0 : score0    name1 : score1` (a GridGammon rating may follow a name after a comma). */
const parsePlayers = (line: Line): Result<[MatPlayer, MatPlayer]> => {
  const m = /^[ \t]*(.*?)[ \t]*:[ \t]*(\d+)[ \t]+(.*?)[ \t]*:[ \t]*(\d+)[ \t]*$/.exec(line.text);
  if (!m) return err(failAt("expected the players and their scores, as in ' Alice : 0      Bob : 0'", line, 1, 'ERR_MAT_PLAYERS'));
  const player = (text: string, score: string): MatPlayer => {
    const name = text.replace(/\s+/g, ' ');
    const rated = /^(.*),(\d+(?:\.\d+)?)$/.exec(name);
    return rated && Number(rated[2]) > 0 ? { name: rated[1], score: Number(score), rating: rated[2] } : { name, score: Number(score) };
  };
  return ok([player(m[1], m[2]), player(m[3], m[4])]);
};

/** Reads a `.mat` text. Errors name the line and column; a match already decided before a game ends the reading there, with a warning, as in gnubg. */
export const parseMatFile = (input: string): Result<MatRead> => {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const lines = splitLines(text);
  const warnings: string[] = [];
  const file: MatFile = { tags: [], comments: [], matchLength: -1, games: [], header: '' };
  let k = 0;
  for (; k < lines.length; k++) {
    const line = lines[k];
    if (isBlank(line.text)) continue;
    const comment = /^[ \t]*[;#][ \t]*(.*?)[ \t]*$/.exec(line.text);
    if (comment) {
      const tag = TAG.exec(comment[1]);
      if (tag) file.tags.push({ name: tag[1], value: tag[2] });
      else if (comment[1] !== '') file.comments.push(comment[1]);
      continue;
    }
    const match = MATCH_LINE.exec(line.text);
    if (match) {
      file.matchLength = Number(match[1]);
      if (file.matchLength > MAT_MAX_LENGTH)
        return err(failAt(`a ${file.matchLength}-point match: gnubg reads match lengths 0 (money) to ${MAT_MAX_LENGTH}`, line, 1, 'ERR_MAT_LENGTH'));
      k++;
      break;
    }
    if (GAME_LINE.test(line.text)) break;
    warnings.push(`line ${line.number}: text before the match line ignored, as gnubg does`);
  }
  if (file.matchLength < 0)
    return err(matFileError('ERR_MAT_NO_MATCH', "no 'N point match' line: not a Jellyfish .mat match file", { line: lines.length ? 1 : undefined, offset: 0 }));
  const firstGame = lines.slice(k).find((l) => GAME_LINE.test(l.text));
  file.header = text.slice(0, firstGame ? firstGame.offset : text.length);

  let game: MatGame | undefined;
  let gameStart = 0;
  let awaitingPlayers = false;
  let over = false;
  const closeGame = (end: number) => {
    if (game) game.text = text.slice(gameStart, end);
  };
  for (; k < lines.length && !over; k++) {
    const line = lines[k];
    if (isBlank(line.text)) continue;
    const gameLine = GAME_LINE.exec(line.text);
    if (gameLine) {
      closeGame(line.offset);
      game = { number: Number(gameLine[1]), players: [{ name: '', score: 0 }, { name: '', score: 0 }], entries: [], line: line.number, text: '' };
      gameStart = line.offset;
      awaitingPlayers = true;
      continue;
    }
    if (/^[ \t]*[;#]/.test(line.text)) continue; // comments between and inside games (gnubg skips them with a warning)
    const again = MATCH_LINE.exec(line.text);
    if (again && Number(again[1]) === file.matchLength) continue; // the header repeated, as in games exported one by one and joined
    if (!game) return err(failAt("expected ' Game 1' after the match line", line, 1, 'ERR_MAT_SYNTAX'));
    if (awaitingPlayers) {
      const players = parsePlayers(line);
      if (!players.ok) return players;
      awaitingPlayers = false;
      const [a, b] = players.value;
      if (file.matchLength > 0 && (a.score >= file.matchLength || b.score >= file.matchLength)) {
        warnings.push(`line ${line.number}: game ${game.number} starts at ${a.score}-${b.score} in a ${file.matchLength}-point match, which is already over: it and what follows are ignored, as gnubg does`);
        game = undefined;
        over = true;
        continue;
      }
      game.players = players.value;
      file.games.push(game);
      continue;
    }
    for (const [index, col] of columnsOf(line.text).entries()) {
      const raw = line.text.slice(col.start, col.end);
      const lead = /^[ \t]*/.exec(raw)![0].length;
      const body = raw.slice(lead).replace(/[ \t]+$/, '');
      if (body === '') continue;
      const column = col.start + lead + 1;
      const action = parseAction(body, line, column);
      if (!action.ok) return action;
      if (action.value) game.entries.push({ player: index as Seat, action: action.value, line: line.number, column });
    }
  }
  if (game && !over) closeGame(text.length);
  if (game && awaitingPlayers) return err(matFileError('ERR_MAT_PLAYERS', `line ${game.line}: game ${game.number} has no players line`, { line: game.line }));
  if (file.games.length === 0 && !over) return err(matFileError('ERR_MAT_NO_GAME', "no ' Game 1' section after the match line", { line: lines.length }));
  return ok({ file, warnings });
};

/** Whether a text looks like a `.mat` file: an `N point match` line before any `(` (for the SGF reader's hint). */
export const looksLikeMat = (text: string): boolean => {
  for (const line of text.slice(0, 4096).split(/\r\n|\r|\n/)) {
    if (MATCH_LINE.test(line)) return true;
    if (line.includes('(')) return false;
  }
  return false;
};

// ---------------------------------------------------------------------------------------------
// Printing, as gnubg 1.07 `export match mat` writes.

const plural = (n: number): string => `${n} point${n === 1 ? '' : 's'}`;

/** drawboard.c `FormatMovePlain`: `from/to` with `*` on hits, a space after each of the first three steps. */
const playText = (steps: MatStep[]): string =>
  steps.map((s, i) => `${s.from}/${s.to}${s.hit ? '*' : ''}${i < 3 ? ' ' : ''}`).join('');

const SPACES_24 = ' '.repeat(24);
const SPACES_34 = ' '.repeat(34);

/** One ` Game k` section laid out in two columns (export.c `ExportGameJF`). */
export const printMatGame = (game: MatGame): string => {
  const [p0, p1] = game.players;
  const name = (p: MatPlayer) => (p.rating !== undefined ? `${p.name},${p.rating}` : p.name);
  let out = ` Game ${game.number}\n ${`${name(p0)} : ${p0.score}`.padEnd(31)}${name(p1)} : ${p1.score}\n`;
  let i = 0;
  let cube = 1;
  let diceRolled = false;
  let afterBeaver = false;
  const entries = game.entries;
  for (let k = 0; k < entries.length; k++) {
    const { action, player } = entries[k];
    const next = entries[k + 1]?.action;
    let text: string;
    let resign = false;
    switch (action.kind) {
      case 'roll':
        diceRolled = action.rolledOnly === true;
        text = `${action.dice[0]}${action.dice[1]}: ${playText(action.steps)}`;
        break;
      case 'double':
      case 'beaver':
      case 'raccoon':
        cube = action.cube ?? cube * 2;
        text = action.kind === 'double' ? ` Doubles => ${cube}` : ` Beavers => ${cube}`;
        break;
      case 'take':
        if (afterBeaver) {
          // gnubg writes no Takes after Beavers: the beaver implies it.
          afterBeaver = false;
          continue;
        }
        text = ' Takes';
        break;
      case 'drop': {
        const points = next?.kind === 'win' ? next.points : cube / 2;
        if (next?.kind === 'win') k++;
        text = ` Drops${i & 1 ? '\n      ' : ' '.repeat(23)}Wins ${plural(points)}`;
        break;
      }
      case 'win': {
        // A resignation: printed in the winner's place, after a roll not played (`diceRolled`) or not.
        resign = true;
        const shifted = (i & 1) ^ (diceRolled ? 1 : 0);
        const resigner = 1 - player;
        const lead = resigner === 1 ? (shifted ? '\n' : '') + '      ' : shifted ? ' ' : i & 1 ? SPACES_24 : SPACES_34;
        text = `${lead}Wins ${plural(action.points)}\n`;
        break;
      }
    }
    afterBeaver = action.kind === 'beaver' || action.kind === 'raccoon';
    if (i === 0 && action.kind === 'roll' && player === 1) {
      out += `  1)${' '.repeat(29)}`;
      i++;
    }
    const rolledOnly = action.kind === 'roll' && action.rolledOnly === true;
    if (i & 1 || resign) out += text + (rolledOnly ? '' : '\n');
    else out += `${String((i >> 1) + 1).padStart(3)}) ${text.padEnd(27)} `;
    if (action.kind === 'drop') out += i & 1 ? '\n' : '\n\n';
    if (action.kind === 'roll' && next?.kind === 'win' && next.by === 'bearoff') {
      out += `${i & 1 ? SPACES_34 : '\n      '}Wins ${plural(next.points)}\n\n`;
      k++;
    }
    i++;
  }
  return out;
};

/** The header: tags, comments, the match line (export.c `ExportMatchMat`). */
export const printMatHeader = (file: Pick<MatFile, 'tags' | 'comments' | 'matchLength'>): string => {
  let out = file.tags.map((t) => `; [${t.name} "${t.value}"]\n`).join('');
  if (file.comments.length) out += `\n${file.comments.map((c) => `; ${c}\n`).join('')}`;
  return `${out}\n ${file.matchLength} point match\n\n`;
};

/** A whole file as gnubg writes it. */
export const printMatFile = (file: MatFile): string => printMatHeader(file) + file.games.map(printMatGame).join('');
