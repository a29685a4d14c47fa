/**
 * SGF GM[6] (backgammon) reader and writer over the shared SGF tree
 * (`../sgf`). Reads the properties gnubg and Gibbon write — MI, RU, RE, CV,
 * players, moves, cube actions, Gibbon's resign/accept, setup (AE/AB/AW with
 * compressed point lists, PL, DI, CV, CP/CO) — into plain data, and keeps every
 * other property (analysis `A`, `DA`, `MR`, `LU`, `GS`, comments…) verbatim, so
 * a file read and written again keeps all it had.
 */
import { pushAll } from '../arrays';
import { CodecError, Result, codecErrors, err, ok } from '../result';
import { SgfNode, SgfProperty, SgfTree, lineColumnAt, mainLine, parseSgf, printSgf } from '../sgf';
import { OFF, PointIndex, letterOfPoint, pointOfLetter } from './points';
import { CubeOwner, Seat } from './types';

/** The error codes this module returns. */
export const SGF_GAME_ERRORS = [
  'ERR_BG_SGF_CUBE',
  'ERR_BG_SGF_CUBE_OWNER',
  'ERR_BG_SGF_DICE',
  'ERR_BG_SGF_MATCH_INFO',
  'ERR_BG_SGF_MOVE',
  'ERR_BG_SGF_NO_GAME',
  'ERR_BG_SGF_PLAYER',
  'ERR_BG_SGF_SETUP',
] as const;
/** One of SGF_GAME_ERRORS. */
export type SgfGameError = (typeof SGF_GAME_ERRORS)[number];
const sgfGameError = codecErrors(SGF_GAME_ERRORS);

/** One checker moved by its owner, in the owner's numbering (0..23 = points 1..24, 24 = bar, −1 = off). */
export interface CheckerMove {
  from: PointIndex;
  to: PointIndex;
}

/** A move property (`B[...]` / `W[...]`) read into data. */
export type BgAction =
  /** A roll and its checker play; no checker moves = a dance (or a roll not yet played). Dice as written. */
  | { kind: 'move'; player: Seat; dice: [number, number]; moves: CheckerMove[] }
  /** `double` (a second `double` by the doubled player is a beaver), `take`, `drop`; Gibbon's `accept`/`reject` of a resignation. */
  | { kind: 'double' | 'take' | 'drop' | 'accept' | 'reject'; player: Seat }
  /** Gibbon's `resign:N`: `player` offers to resign N points. */
  | { kind: 'resign'; player: Seat; points: number };

/** The setup properties that edit the board or turn it to the side on roll. */
export type BoardProperty = 'AE' | 'AW' | 'AB' | 'PL';

/** Setup properties of one node, read into data (letter indexes 0..24 = `a`..`y`, absolute as in the file). */
export interface BgSetup {
  /** `AE`: letter indexes cleared (both colours). */
  clear?: number[];
  /** `AW`: one letter index per White checker added. */
  white?: number[];
  /** `AB`: one letter index per Black checker added. */
  black?: number[];
  /** `PL`: player on roll (gnubg: a value starting with `B` is Black, anything else White). */
  player?: Seat;
  /**
   * AE, AW, AB and PL in the order the node wrote them (each once, at its first place). gnubg
   * applies them in this order and a PL turns the board it edits, so the order changes the position.
   */
  order?: BoardProperty[];
  /** `DI`: dice set without moving, as written. */
  dice?: [number, number];
  /** `CV` (outside the root): cube value. */
  cubeValue?: number;
  /** `CP` (gnubg) or `CO` (spec): cube position; `NONE` = spec's `n`. */
  cubeOwner?: CubeOwner | 'NONE';
  /** Which property held the cube position. */
  cubeOwnerProperty?: 'CP' | 'CO';
}

/** Game result from `RE`. */
export interface BgResult {
  winner: Seat;
  points: number;
  /** Ended by resignation (`R…` after the points). */
  resigned: boolean;
}

/** Rules from `RU` (colon-separated names). */
export interface BgRules {
  crawford: boolean;
  crawfordGame: boolean;
  jacoby: boolean;
  noCube: boolean;
  /** `Nackgammon`, `Hypergammon1..3`, or undefined for standard backgammon. */
  variation?: 'Nackgammon' | 'Hypergammon1' | 'Hypergammon2' | 'Hypergammon3';
}

/** Game-info properties of a game tree's root. */
export interface BgGameInfo {
  /** `PW`, `PB`. */
  white?: string;
  black?: string;
  /** `MI[length:]`; 0 = money session. */
  matchLength: number;
  /** `MI[game:]`, as written (gnubg counts from 0). */
  gameNumber: number;
  /** `MI[ws:][bs:]`: White's and Black's score at the start of the game. */
  score: [number, number];
  rules: BgRules;
  /** Root `CV`: cube value after automatic doubles (1 = none). */
  cubeValue: number;
  result?: BgResult;
  /** `AP`, `DT`, `EV`, `RO`, `PC`, `AN`, `GC`, `WR`, `BR`, as written. */
  application?: string;
  date?: string;
  event?: string;
  round?: string;
  place?: string;
  annotator?: string;
  comment?: string;
  whiteRating?: string;
  blackRating?: string;
}

/** One node after the root: its action or setup, the properties not interpreted here, and the node itself. */
export interface BgNode {
  action?: BgAction;
  setup?: BgSetup;
  /** Properties not read into `action`/`setup` (analysis, marks, comments…), verbatim and in order. */
  extra: SgfProperty[];
  /** The node as parsed (property order and values untouched). */
  sgf: SgfNode;
}

/** One game: a GM[6] game tree. */
export interface BackgammonGame {
  info: BgGameInfo;
  /** Root properties not read into `info` (GS, FF, GM, CA, MI tags other than the four, unknown ones…), verbatim. */
  rootExtra: SgfProperty[];
  /** Main-line nodes after the root. */
  nodes: BgNode[];
  /** The parsed tree, for a lossless write. */
  tree: SgfTree;
}

/** A file read: its games and warnings about ignored content. */
export interface BackgammonSgf {
  games: BackgammonGame[];
  warnings: string[];
}

/** Property identifier as gnubg reads it: lowercase letters dropped (FF[3] `AddWhite` = `AW`). */
const normId = (id: string): string => (/[a-z]/.test(id) ? id.replace(/[a-z]/g, '') : id);

const parseIntStrict = (s: string): number | undefined => (/^\s*[+-]?\d+\s*$/.test(s) ? parseInt(s, 10) : undefined);

type Fail = (code: SgfGameError, message: string, field: string) => CodecError;

const MI_TAGS = new Set(['length', 'game', 'ws', 'bs']);

/** Reads a move value: `double`, `take`, `drop`, Gibbon's `resign:N`/`accept`/`reject`, or dice digits plus from/to letter pairs. */
export const parseMoveValue = (value: string, player: Seat): Result<BgAction> => {
  const v = value.trim();
  if (v === 'double' || v === 'take' || v === 'drop' || v === 'accept' || v === 'reject') return ok({ kind: v, player });
  const resign = /^resign(?::(\d+))?$/.exec(v);
  if (resign) return ok({ kind: 'resign', player, points: resign[1] ? parseInt(resign[1], 10) : 1 });
  const bad = (m: string) => err(sgfGameError('ERR_BG_SGF_MOVE', `move '${value}': ${m}`, { field: player === 1 ? 'B' : 'W' }));
  if (v.length < 2) return bad('expected two dice digits');
  const d1 = v.charCodeAt(0) - 48;
  const d2 = v.charCodeAt(1) - 48;
  if (!(d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6)) return bad('dice must be two digits 1..6');
  if ((v.length - 2) % 2 !== 0 || v.length - 2 > 8) return bad('expected at most 4 from/to letter pairs');
  const moves: CheckerMove[] = [];
  for (let i = 2; i < v.length; i += 2) {
    const from = pointOfLetter(v.charCodeAt(i), player);
    const to = pointOfLetter(v.charCodeAt(i + 1), player);
    if (from === undefined || to === undefined || from === OFF) return bad(`'${v.slice(i, i + 2)}' is not a from/to pair of points a..y, z`);
    moves.push({ from, to });
  }
  return ok({ kind: 'move', player, dice: [d1, d2], moves });
};

/** Expands a compressed point list (`[a:x]`, `[y]`, repeated values = several checkers) into letter indexes 0..24; `z` is ignored. */
export const parsePointList = (values: string[]): number[] | undefined => {
  const out: number[] = [];
  for (const raw of values) {
    const v = raw.trim();
    const range = /^([a-z]):([a-z])$/.exec(v);
    if (range) {
      const a = range[1].charCodeAt(0) - 97;
      const b = Math.min(range[2].charCodeAt(0) - 97, 24);
      if (a > b) return undefined;
      for (let i = a; i <= b; i++) out.push(i);
    } else if (/^[a-y]$/.test(v)) out.push(v.charCodeAt(0) - 97);
    else if (v !== 'z') return undefined;
  }
  return out;
};

const readSetupProperty = (p: SgfProperty, id: string, setup: BgSetup, fail: Fail, warn: (message: string) => void): CodecError | null => {
  const v0 = (p.values[0] ?? '').trim();
  if (id === 'AE' || id === 'AW' || id === 'AB' || id === 'PL') {
    setup.order ??= [];
    if (!setup.order.includes(id)) setup.order.push(id);
  }
  switch (id) {
    case 'AE':
    case 'AW':
    case 'AB': {
      const list = parsePointList(p.values);
      if (!list) return fail('ERR_BG_SGF_SETUP', `${p.id}[${p.values.join('][')}] is not a list of points a..y or ranges a:x`, p.id);
      const key = id === 'AE' ? 'clear' : id === 'AW' ? 'white' : 'black';
      setup[key] = (setup[key] ?? []).concat(list);
      return null;
    }
    case 'PL': {
      // sgf.c RestoreNode: only a first character `B` means Black; `b`, `black` or anything else is White.
      setup.player = (p.values[0] ?? '').startsWith('B') ? 1 : 0;
      if (v0 !== 'B' && v0 !== 'W') warn(`PL[${v0}] read as ${setup.player === 1 ? 'Black' : 'White'}, as gnubg does (only a value starting with an uppercase B is Black)`);
      return null;
    }
    case 'DI': {
      const d1 = v0.charCodeAt(0) - 48;
      const d2 = v0.charCodeAt(1) - 48;
      if (v0.length !== 2 || !(d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6)) return fail('ERR_BG_SGF_DICE', `DI[${v0}] is not two digits 1..6`, p.id);
      setup.dice = [d1, d2];
      return null;
    }
    case 'CV': {
      const n = parseIntStrict(v0);
      if (n === undefined || n < 1 || n > 32768 || (n & (n - 1)) !== 0) return fail('ERR_BG_SGF_CUBE', `CV[${v0}] is not a power of two`, p.id);
      setup.cubeValue = n;
      return null;
    }
    default: {
      // CP (gnubg: c/w/b) or CO (spec: c/w/b/n).
      const owner = v0 === 'c' ? 'CENTERED' : v0 === 'w' ? 'PLAYER0' : v0 === 'b' ? 'PLAYER1' : v0 === 'n' ? 'NONE' : undefined;
      if (!owner) return fail('ERR_BG_SGF_CUBE_OWNER', `${p.id}[${v0}] is not c, w, b or n`, p.id);
      setup.cubeOwner = owner;
      setup.cubeOwnerProperty = id as 'CP' | 'CO';
      return null;
    }
  }
};

const SETUP_IDS = new Set(['AE', 'AW', 'AB', 'PL', 'DI', 'CV', 'CP', 'CO']);

const readRules = (value: string, rules: BgRules, warnings: string[]): void => {
  for (const name of value.split(':')) {
    if (name === 'Crawford') rules.crawford = true;
    else if (name === 'CrawfordGame') rules.crawfordGame = true;
    else if (name === 'Jacoby') rules.jacoby = true;
    else if (name === 'NoCube') rules.noCube = true;
    else if (name === 'Nackgammon' || name === 'Hypergammon1' || name === 'Hypergammon2' || name === 'Hypergammon3') rules.variation = name;
    else if (name !== '') warnings.push(`RU: unknown rule '${name}' ignored`);
  }
};

const readRoot = (node: SgfNode, fail: Fail, warnings: string[]): Result<{ info: BgGameInfo; rootExtra: SgfProperty[] }> => {
  const info: BgGameInfo = {
    matchLength: 0,
    gameNumber: 0,
    score: [0, 0],
    rules: { crawford: false, crawfordGame: false, jacoby: false, noCube: false },
    cubeValue: 1,
  };
  const rootExtra: SgfProperty[] = [];
  const text: Record<string, keyof BgGameInfo> = {
    PW: 'white', PB: 'black', AP: 'application', DT: 'date', EV: 'event', RO: 'round', PC: 'place', AN: 'annotator', GC: 'comment', WR: 'whiteRating', BR: 'blackRating',
  };
  for (const p of node.properties) {
    const id = normId(p.id);
    const v0 = p.values[0] ?? '';
    if (id in text && info[text[id]] === undefined) {
      (info as unknown as Record<string, unknown>)[text[id]] = v0;
    } else if (id === 'MI') {
      let unknown = false;
      for (const v of p.values) {
        const c = v.indexOf(':');
        const tag = c < 0 ? v : v.slice(0, c);
        if (!MI_TAGS.has(tag)) {
          unknown = true;
          continue;
        }
        const n = parseIntStrict(v.slice(c + 1));
        if (n === undefined || n < 0) return err(fail('ERR_BG_SGF_MATCH_INFO', `MI[${v}]: '${tag}' needs a whole number`, p.id));
        if (tag === 'length') info.matchLength = n;
        else if (tag === 'game') info.gameNumber = n;
        else info.score[tag === 'ws' ? 0 : 1] = n;
      }
      if (unknown) {
        warnings.push(`MI: unknown tags kept but not read: ${p.values.filter((v) => !MI_TAGS.has(v.split(':')[0])).join(', ')}`);
        rootExtra.push({ id: 'MI', values: p.values.filter((v) => !MI_TAGS.has(v.split(':')[0])) });
      }
    } else if (id === 'RU') {
      readRules(v0, info.rules, warnings);
    } else if (id === 'CV') {
      const n = parseIntStrict(v0);
      if (n === undefined || n < 1 || n > 32768 || (n & (n - 1)) !== 0) return err(fail('ERR_BG_SGF_CUBE', `CV[${v0}] is not a power of two`, p.id));
      info.cubeValue = n;
    } else if (id === 'RE') {
      const m = /^([BbWw])\+(\d+)(.*)$/.exec(v0.trim());
      if (m) info.result = { winner: m[1].toUpperCase() === 'B' ? 1 : 0, points: Math.max(1, parseInt(m[2], 10)), resigned: /^[Rr]/.test(m[3]) };
      else {
        warnings.push(`RE[${v0}] is not W+n or B+n: kept, not read`);
        rootExtra.push(p);
      }
    } else rootExtra.push(p);
  }
  return ok({ info, rootExtra });
};

/** Reads parsed SGF trees as backgammon games; trees without GM[6] are skipped with a warning (`text` gives error lines). */
export const parseBackgammonTrees = (trees: SgfTree[], text?: string): Result<BackgammonSgf> => {
  const games: BackgammonGame[] = [];
  const warnings: string[] = [];
  for (let t = 0; t < trees.length; t++) {
    const tree = trees[t];
    const line = mainLine(tree);
    const root = line[0];
    const gm = root?.properties.find((p) => normId(p.id) === 'GM');
    if (!gm || parseIntStrict(gm.values[0] ?? '') !== 6) {
      warnings.push(`game tree ${t} is not backgammon (no GM[6]): skipped`);
      continue;
    }
    if (tree.children.length > 1) warnings.push(`game tree ${t}: variations ignored, main line read`);
    let current: SgfNode = root;
    const fail: Fail = (code, message, field) => {
      const where: { offset?: number; line?: number; column?: number; record: number; field: string } = { record: t, field };
      if (current.offset !== undefined) {
        where.offset = current.offset;
        if (text !== undefined) Object.assign(where, lineColumnAt(text, current.offset));
      }
      return sgfGameError(code, `game tree ${t}: ${message}`, where);
    };
    const rootRead = readRoot(root, fail, warnings);
    if (!rootRead.ok) return rootRead;
    const nodes: BgNode[] = [];
    for (let i = 1; i < line.length; i++) {
      const sgf = line[i];
      current = sgf;
      const node: BgNode = { extra: [], sgf };
      for (const p of sgf.properties) {
        const id = normId(p.id);
        if ((id === 'B' || id === 'W') && !node.action) {
          const action = parseMoveValue(p.values[0] ?? '', id === 'B' ? 1 : 0);
          if (!action.ok) return err(fail('ERR_BG_SGF_MOVE', action.error.message, p.id));
          node.action = action.value;
        } else if (SETUP_IDS.has(id)) {
          node.setup ??= {};
          const bad = readSetupProperty(p, id, node.setup, fail, (m) => warnings.push(`game tree ${t}: node ${i}: ${m}`));
          if (bad) return err(bad);
        } else node.extra.push(p);
      }
      nodes.push(node);
    }
    games.push({ info: rootRead.value.info, rootExtra: rootRead.value.rootExtra, nodes, tree });
  }
  if (games.length === 0) return err(sgfGameError('ERR_BG_SGF_NO_GAME', 'no backgammon game tree (GM[6]) in the collection', { offset: 0 }));
  return ok({ games, warnings });
};

/** Reads an SGF text holding backgammon games (one game tree per game, as gnubg writes a match). */
export const parseBackgammonSgf = (text: string): Result<BackgammonSgf> => {
  const trees = parseSgf(text);
  if (!trees.ok) return trees;
  return parseBackgammonTrees(trees.value, text);
};

/** Writes games back exactly as read (each parsed tree, one node per line, as gnubg lays out a match). */
export const printBackgammonSgf = (games: BackgammonGame[]): string => printSgf(games.map((g) => g.tree), { nodePerLine: true });

/** The SGF value of an action (`31hefe`, `double`, `resign:2`…). */
export const moveValue = (action: BgAction): string => {
  if (action.kind === 'resign') return `resign:${action.points}`;
  if (action.kind !== 'move') return action.kind;
  let s = `${action.dice[0]}${action.dice[1]}`;
  for (const m of action.moves) s += letterOfPoint(m.from, action.player) + letterOfPoint(m.to, action.player);
  return s;
};

const LETTERS = 'abcdefghijklmnopqrstuvwxy';

/** Compresses letter indexes for AE: consecutive runs as `a:x`, single points alone. */
const compressRanges = (indexes: number[]): string[] => {
  const sorted = Array.from(new Set(indexes)).sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    out.push(j > i ? `${LETTERS[sorted[i]]}:${LETTERS[sorted[j]]}` : LETTERS[sorted[i]]);
    i = j + 1;
  }
  return out;
};

/** The setup properties of a node: PL, AE, AW, AB in the order read (else gnubg's order, PL first), then CV, CP/CO, DI. */
export const setupProperties = (s: BgSetup): SgfProperty[] => {
  const props: SgfProperty[] = [];
  const board: Record<BoardProperty, string[] | undefined> = {
    PL: s.player === undefined ? undefined : [s.player === 1 ? 'B' : 'W'],
    AE: s.clear && compressRanges(s.clear),
    AW: s.white?.map((i) => LETTERS[i]),
    AB: s.black?.map((i) => LETTERS[i]),
  };
  const read = s.order ?? [];
  const gnubgOrder: BoardProperty[] = ['PL', 'AE', 'AW', 'AB'];
  for (const id of [...read, ...gnubgOrder.filter((g) => !read.includes(g))]) {
    const values = board[id];
    if (values) props.push({ id, values });
  }
  if (s.cubeValue !== undefined) props.push({ id: 'CV', values: [String(s.cubeValue)] });
  if (s.cubeOwner !== undefined) {
    const v = s.cubeOwner === 'CENTERED' ? 'c' : s.cubeOwner === 'PLAYER0' ? 'w' : s.cubeOwner === 'PLAYER1' ? 'b' : 'n';
    props.push({ id: s.cubeOwnerProperty ?? (v === 'n' ? 'CO' : 'CP'), values: [v] });
  }
  if (s.dice) props.push({ id: 'DI', values: [`${s.dice[0]}${s.dice[1]}`] });
  return props;
};

/** The root properties of a game from its info, in gnubg's order, then `rootExtra` (FF/GM/CA are added when missing). */
export const rootProperties = (info: BgGameInfo, rootExtra: SgfProperty[] = []): SgfProperty[] => {
  const has = (id: string) => rootExtra.some((p) => normId(p.id) === id);
  const props: SgfProperty[] = [];
  const lead = ['FF', 'GM', 'CA'];
  if (!has('FF')) props.push({ id: 'FF', values: ['4'] });
  if (!has('GM')) props.push({ id: 'GM', values: ['6'] });
  if (!has('CA')) props.push({ id: 'CA', values: ['UTF-8'] });
  // Keep FF/GM/CA first when the original had them.
  for (const p of rootExtra) if (lead.includes(normId(p.id))) props.push(p);
  if (info.application !== undefined) props.push({ id: 'AP', values: [info.application] });
  const extraMi = rootExtra.find((p) => p.id === 'MI');
  props.push({
    id: 'MI',
    values: [`length:${info.matchLength}`, `game:${info.gameNumber}`, `ws:${info.score[0]}`, `bs:${info.score[1]}`, ...(extraMi?.values ?? [])],
  });
  const text: [string, string | undefined][] = [
    ['PW', info.white], ['PB', info.black], ['WR', info.whiteRating], ['BR', info.blackRating], ['DT', info.date],
    ['EV', info.event], ['RO', info.round], ['PC', info.place], ['AN', info.annotator], ['GC', info.comment],
  ];
  for (const [id, v] of text) if (v !== undefined) props.push({ id, values: [v] });
  const r = info.rules;
  const ru = [r.noCube && 'NoCube', r.crawford && 'Crawford', r.crawfordGame && 'CrawfordGame', r.jacoby && 'Jacoby', r.variation].filter(Boolean);
  if (ru.length) props.push({ id: 'RU', values: [ru.join(':')] });
  if (info.cubeValue !== 1) props.push({ id: 'CV', values: [String(info.cubeValue)] });
  if (info.result)
    props.push({ id: 'RE', values: [`${info.result.winner === 1 ? 'B' : 'W'}+${info.result.points}${info.result.resigned ? 'R' : ''}`] });
  for (const p of rootExtra) if (!lead.includes(normId(p.id)) && p.id !== 'MI') props.push(p);
  return props;
};

/**
 * Builds a game tree from the data alone (info, actions, setup, extra properties),
 * as gnubg lays one out: root, then one node per action or setup. Used to export
 * games whose original text is not at hand; `printBackgammonSgf` keeps the original.
 */
export const buildGameTree = (game: Pick<BackgammonGame, 'info' | 'rootExtra' | 'nodes'>): SgfTree => {
  const nodes: SgfNode[] = [{ properties: rootProperties(game.info, game.rootExtra) }];
  for (const n of game.nodes) {
    const properties: SgfProperty[] = [];
    if (n.action) properties.push({ id: n.action.player === 1 ? 'B' : 'W', values: [moveValue(n.action)] });
    if (n.setup) properties.push(...setupProperties(n.setup));
    pushAll(properties, n.extra);
    nodes.push({ properties });
  }
  return { nodes, children: [] };
};

/** Writes games from their data alone (see `buildGameTree`). */
export const printBackgammonSgfFromData = (games: Pick<BackgammonGame, 'info' | 'rootExtra' | 'nodes'>[]): string =>
  printSgf(games.map(buildGameTree), { nodePerLine: true });
