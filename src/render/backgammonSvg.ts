/**
 * Backgammon diagrams as SVG: 24 points, checkers (stacks of more than five show their
 * count), the bar, borne-off trays, the cube with its value and owner, dice, pip counts and
 * the match score.
 *
 * Input is the codec data: a `PositionBoard` (from the side of the player on roll) and,
 * optionally, the `MatchState` decoded from a Match ID. Seats follow gnubg: player 0 = White
 * (light checkers), player 1 = Black (dark). Without a match state the player on roll is
 * taken to be White. The bottom player's home board is drawn at the bottom right, its points
 * 1–12 along the bottom from right to left and 13–24 along the top from left to right.
 */
import { CHECKERS_PER_SIDE, MatchState, PositionBoard, RESIGNATION_WORDS, Seat, SideCheckers } from '../codecs/backgammon/types';
import { BaseSvgOptions, FONT_FAMILY, el, group, listWords, num, svgDocument, text } from './svg';

/** Which player is drawn at the bottom: the player on roll (default), White (player 0) or Black (player 1). */
export type BackgammonOrientation = 'onRoll' | 'white' | 'black';

/** Options for `backgammonSvg`. */
export interface BackgammonSvgOptions extends BaseSvgOptions {
  orientation?: BackgammonOrientation;
  /** Draw point numbers 1–24 (from the bottom player's side) in the frame (default true). */
  pointNumbers?: boolean;
}

// Geometry in diagram units.
const PW = 40; // point width
const R = 18; // checker radius
const STACK = 5; // checkers drawn per stack
const HALF = 190; // height of one half of the playing area
const GAP = 50; // between the two halves
const BAR_W = 48;
const FRAME = 14;
const CUBE_COL = 60;
const TRAY_W = 50;
const INFO = 34;
const QUAD = 6 * PW;

const INNER_L = CUBE_COL + FRAME;
const INNER_R = INNER_L + 2 * QUAD + BAR_W;
const TRAY_L = INNER_R + FRAME;
const VIEW_W = TRAY_L + TRAY_W + FRAME;
const INNER_T = INFO + FRAME;
const INNER_B = INNER_T + 2 * HALF + GAP;
const MID_Y = (INNER_T + INNER_B) / 2;
const VIEW_H = INNER_B + FRAME + INFO;
const BAR_L = INNER_L + QUAD;
const BAR_CX = BAR_L + BAR_W / 2;

/** Diagram size in units (the `viewBox`). */
export const BACKGAMMON_VIEW = { width: VIEW_W, height: VIEW_H } as const;

const COLOURS = {
  frame: '#6b4a2e',
  felt: '#efe3c8',
  pointA: '#a8553b',
  pointB: '#4f6f62',
  tray: '#5a3d25',
};

interface SeatStyle {
  name: 'White' | 'Black';
  letter: 'O' | 'X';
  cls: 'white' | 'black';
  fill: string;
  stroke: string;
  ink: string;
}

const SEATS: readonly [SeatStyle, SeatStyle] = [
  { name: 'White', letter: 'O', cls: 'white', fill: '#f6f3ea', stroke: '#3a3a3a', ink: '#222222' },
  { name: 'Black', letter: 'X', cls: 'black', fill: '#2b2b2b', stroke: '#000000', ink: '#f2f2f2' },
];

/** Pip count of one side: the sum of each checker's distance to bearing off (bar = 25). */
export const pipCount = (side: SideCheckers): number => {
  let n = 0;
  for (let i = 0; i < 25; i++) n += (i + 1) * side[i];
  return n;
};

const checkSide = (side: SideCheckers, label: string): void => {
  if (!Array.isArray(side) || side.length !== 25 || side.some((n) => !Number.isInteger(n) || n < 0)) {
    throw new RangeError(`backgammonSvg: ${label} must be 25 non-negative integer counts`);
  }
};

/** x of the left edge of slot 0..11 (left to right, bar skipped). */
const slotX = (slot: number): number => INNER_L + slot * PW + (slot >= 6 ? BAR_W : 0);

/** Where the bottom player's point index i (0..23) is: its slot and whether it is on the bottom row. */
const pointPlace = (i: number): { slot: number; bottom: boolean } => (i < 12 ? { slot: 11 - i, bottom: true } : { slot: i - 12, bottom: false });

const checker = (cx: number, cy: number, seat: SeatStyle): string =>
  el('circle', { class: `checker ${seat.cls}`, cx, cy, r: R - 0.5, fill: seat.fill, stroke: seat.stroke, 'stroke-width': 1.5 });

/** A stack of `n` checkers from (cx, y0) going in direction `dir` (+1 down, −1 up); count shown when n > STACK. */
const stack = (n: number, cx: number, y0: number, dir: 1 | -1, seat: SeatStyle): string[] => {
  const out: string[] = [];
  const shown = Math.min(n, STACK);
  for (let k = 0; k < shown; k++) out.push(checker(cx, y0 + dir * (R + 2 * R * k), seat));
  if (n > STACK) {
    const cy = y0 + dir * (R + 2 * R * (STACK - 1));
    out.push(
      text(String(n), {
        class: 'count',
        x: cx,
        y: cy + 5.5,
        fill: seat.ink,
        'font-family': FONT_FAMILY,
        'font-size': 16,
        'font-weight': 'bold',
        'text-anchor': 'middle',
      }),
    );
  }
  return out;
};

const DIE_PIPS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

const die = (value: number, cx: number, cy: number, seat: SeatStyle): string => {
  const s = 30;
  const pips = (DIE_PIPS[value] ?? []).map(([dx, dy]) => el('circle', { class: 'pip', cx: cx + dx * 8, cy: cy + dy * 8, r: 3 }));
  return el(
    'g',
    { class: `die ${seat.cls}`, 'data-value': value },
    el('rect', { x: cx - s / 2, y: cy - s / 2, width: s, height: s, rx: 5, fill: seat.fill, stroke: seat.stroke, 'stroke-width': 1.5 }),
    group({ fill: seat.ink }, pips),
  );
};

const cube = (label: string, cx: number, cy: number, cls: string): string =>
  el(
    'g',
    { class: cls },
    el('rect', { x: cx - 19, y: cy - 19, width: 38, height: 38, rx: 5, fill: '#fbfaf5', stroke: '#222222', 'stroke-width': 1.5 }),
    text(label, {
      x: cx,
      y: cy + (label.length > 3 ? 4 : 6),
      fill: '#222222',
      'font-family': FONT_FAMILY,
      'font-size': label.length > 3 ? 11 : label.length > 2 ? 14 : 17,
      'font-weight': 'bold',
      'text-anchor': 'middle',
    }),
  );

/** "2 on the 24-point, 5 on the 13-point, 1 on the bar, 3 off" for one side. */
const describeSide = (side: SideCheckers, off: number): string => {
  const parts: string[] = [];
  for (let i = 23; i >= 0; i--) if (side[i] > 0) parts.push(`${side[i]} on the ${i + 1}-point`);
  if (side[24] > 0) parts.push(`${side[24]} on the bar`);
  if (off > 0) parts.push(`${off} borne off`);
  return parts.length ? listWords(parts) : 'no checkers';
};

/**
 * Renders a backgammon position. `board` is from the side of the player on roll
 * (`match.diceOwner`, or White when `match` is absent). Throws RangeError when a side is not
 * 25 non-negative integer counts.
 */
export const backgammonSvg = (board: PositionBoard, match?: MatchState | null, options: BackgammonSvgOptions = {}): string => {
  checkSide(board.onRoll, 'board.onRoll');
  checkSide(board.opponent, 'board.opponent');
  const onRollSeat: Seat = match ? match.diceOwner : 0;
  const sides: [SideCheckers, SideCheckers] = onRollSeat === 0 ? [board.onRoll, board.opponent] : [board.opponent, board.onRoll];
  const orientation = options.orientation ?? 'onRoll';
  const bottomSeat: Seat = orientation === 'white' ? 0 : orientation === 'black' ? 1 : onRollSeat;
  const topSeat: Seat = bottomSeat === 0 ? 1 : 0;
  const bottom = sides[bottomSeat];
  const top = sides[topSeat];
  const off = (s: SideCheckers): number => Math.max(0, CHECKERS_PER_SIDE - s.reduce((a, b) => a + b, 0));
  const pips: [number, number] = [pipCount(sides[0]), pipCount(sides[1])];
  const body: string[] = [];

  // Frame, playing area, bar and tray.
  body.push(el('rect', { class: 'frame', x: CUBE_COL, y: INFO, width: VIEW_W - CUBE_COL, height: INNER_B + FRAME - INFO, rx: 6, fill: COLOURS.frame }));
  body.push(el('rect', { class: 'felt', x: INNER_L, y: INNER_T, width: INNER_R - INNER_L, height: INNER_B - INNER_T, fill: COLOURS.felt }));
  body.push(el('rect', { class: 'bar', x: BAR_L, y: INNER_T, width: BAR_W, height: INNER_B - INNER_T, fill: COLOURS.frame }));
  body.push(el('rect', { class: 'tray', x: TRAY_L, y: INNER_T, width: TRAY_W, height: INNER_B - INNER_T, fill: COLOURS.tray }));

  // Points: triangles alternate colours; one path per colour.
  const tri: [string, string] = ['', ''];
  for (let i = 0; i < 24; i++) {
    const { slot, bottom: onBottom } = pointPlace(i);
    const x = slotX(slot);
    const base = onBottom ? INNER_B : INNER_T;
    const tip = onBottom ? INNER_B - HALF + 8 : INNER_T + HALF - 8;
    tri[i % 2] += `M${num(x)} ${num(base)}L${num(x + PW / 2)} ${num(tip)}L${num(x + PW)} ${num(base)}Z`;
  }
  body.push(el('path', { class: 'points', d: tri[0], fill: COLOURS.pointA }));
  body.push(el('path', { class: 'points', d: tri[1], fill: COLOURS.pointB }));

  if (options.pointNumbers !== false) {
    const labels: string[] = [];
    for (let i = 0; i < 24; i++) {
      const { slot, bottom: onBottom } = pointPlace(i);
      labels.push(text(String(i + 1), { x: slotX(slot) + PW / 2, y: onBottom ? INNER_B + FRAME - 3.5 : INNER_T - 3.5 }));
    }
    body.push(group({ class: 'point-numbers', 'font-family': FONT_FAMILY, 'font-size': 10, fill: '#f3e7cf', 'text-anchor': 'middle' }, labels));
  }

  // Checkers on the points.
  const checkers: string[] = [];
  const bStyle = SEATS[bottomSeat];
  const tStyle = SEATS[topSeat];
  for (let i = 0; i < 24; i++) {
    for (const [n, style] of [
      [bottom[i], bStyle],
      [top[23 - i], tStyle],
    ] as const) {
      if (n === 0) continue;
      const { slot, bottom: onBottom } = pointPlace(i);
      const cx = slotX(slot) + PW / 2;
      checkers.push(...(onBottom ? stack(n, cx, INNER_B, -1, style) : stack(n, cx, INNER_T, 1, style)));
    }
  }
  // The bar: each player's checkers in its own half, from the middle outwards.
  if (bottom[24] > 0) checkers.push(...stack(bottom[24], BAR_CX, MID_Y + 2, 1, bStyle));
  if (top[24] > 0) checkers.push(...stack(top[24], BAR_CX, MID_Y - 2, -1, tStyle));
  body.push(group({ class: 'checkers' }, checkers));

  // Borne-off trays: one slab per checker, bottom player's at the bottom.
  const slabs: string[] = [];
  const slab = (k: number, fromBottom: boolean, style: SeatStyle): string =>
    el('rect', {
      class: `off ${style.cls}`,
      x: TRAY_L + 6,
      y: fromBottom ? INNER_B - 4 - 12 * (k + 1) + 2 : INNER_T + 4 + 12 * k,
      width: TRAY_W - 12,
      height: 10,
      rx: 2,
      fill: style.fill,
      stroke: style.stroke,
      'stroke-width': 1,
    });
  const offB = off(bottom);
  const offT = off(top);
  for (let k = 0; k < offB; k++) slabs.push(slab(k, true, bStyle));
  for (let k = 0; k < offT; k++) slabs.push(slab(k, false, tStyle));
  body.push(group({ class: 'borne-off' }, slabs));

  // Dice: in the roller's right-hand half (bottom player: right half; top player: left half).
  let diceText = '';
  if (match && match.dice[0] > 0 && match.dice[1] > 0) {
    const roller = SEATS[match.diceOwner];
    const cx = match.diceOwner === bottomSeat ? BAR_L + BAR_W + QUAD / 2 : INNER_L + QUAD / 2;
    body.push(group({ class: 'dice' }, [die(match.dice[0], cx - 22, MID_Y, roller), die(match.dice[1], cx + 22, MID_Y, roller)]));
    diceText = ` ${roller.name} rolled ${match.dice[0]} and ${match.dice[1]}.`;
  }

  // Cube: left of the board; centred, or at its owner's side. A pending double is shown in
  // the doubler's half of the board at the new value.
  let cubeText = 'Cube centred at 1.';
  if (match) {
    const v = match.cubeValue;
    const cx = CUBE_COL / 2;
    const ownerSeat: Seat | null = match.cubeOwner === 'PLAYER0' ? 0 : match.cubeOwner === 'PLAYER1' ? 1 : null;
    const cy = ownerSeat === null ? MID_Y : ownerSeat === bottomSeat ? INNER_B - 22 : INNER_T + 22;
    if (match.doubleOffered) {
      const doubler = match.diceOwner;
      const hx = doubler === bottomSeat ? BAR_L + BAR_W + QUAD / 2 : INNER_L + QUAD / 2;
      if (ownerSeat !== null) body.push(cube(String(v), cx, cy, 'cube'));
      body.push(cube(String(v * 2), hx, MID_Y, 'cube offered'));
      cubeText = `${SEATS[doubler].name} doubles to ${v * 2}.`;
    } else {
      body.push(cube(ownerSeat === null && v === 1 ? '64' : String(v), cx, cy, 'cube'));
      cubeText = ownerSeat === null ? `Cube centred at ${v}.` : `Cube at ${v}, owned by ${SEATS[ownerSeat].name}.`;
    }
  } else {
    body.push(cube('64', CUBE_COL / 2, MID_Y, 'cube'));
  }

  // Info lines: top player above the board, bottom player below.
  const moneyGame = !match || match.matchLength === 0;
  const info = (seat: Seat, y: number): string => {
    const s = SEATS[seat];
    const parts = [`${s.name} (${s.letter})`, `${pips[seat]} pips`];
    if (match) parts.push(moneyGame ? `${match.score[seat]} won` : `score ${match.score[seat]}`);
    if (seat === onRollSeat) parts.push('on roll');
    return el(
      'g',
      { class: `info ${s.cls}` },
      el('circle', { cx: CUBE_COL + 10, cy: y - 4, r: 7, fill: s.fill, stroke: s.stroke, 'stroke-width': 1.5 }),
      text(parts.join(' · '), { x: CUBE_COL + 24, y }),
    );
  };
  const matchLabel = !match ? '' : moneyGame ? 'Money game' : `${match.matchLength}-point match${match.crawford ? ' · Crawford' : ''}`;
  body.push(
    group({ class: 'labels', 'font-family': FONT_FAMILY, 'font-size': 15, fill: '#222222' }, [
      info(topSeat, INFO - 11),
      info(bottomSeat, VIEW_H - 11),
      matchLabel ? text(matchLabel, { class: 'match', x: VIEW_W - 4, y: INFO - 11, 'text-anchor': 'end' }) : '',
    ]),
  );

  // Words.
  const onRoll = SEATS[onRollSeat];
  const title = `Backgammon position, ${onRoll.name} on roll, pips ${pips[0]}–${pips[1]}`;
  const scoreText = !match
    ? ''
    : moneyGame
      ? ` Money game; White has won ${match.score[0]}, Black ${match.score[1]}.`
      : ` Score: White ${match.score[0]}, Black ${match.score[1]} in a ${match.matchLength}-point match${match.crawford ? ' (Crawford game)' : ''}.`;
  const stateText =
    match && match.gameState !== 'PLAYING' && match.gameState !== 'NO_GAME'
      ? ` Game state: ${match.gameState.toLowerCase()}.`
      : match && match.resignation !== 0
        ? ` ${SEATS[match.turn === 0 ? 1 : 0].name} offers to resign (${RESIGNATION_WORDS[match.resignation]}).`
        : '';
  const desc =
    `Backgammon board with ${SEATS[bottomSeat].name} at the bottom. ${onRoll.name} is on roll.` +
    ` Pip counts: White ${pips[0]}, Black ${pips[1]}.` +
    ` White has ${describeSide(sides[0], off(sides[0]))}.` +
    ` Black has ${describeSide(sides[1], off(sides[1]))}.` +
    ` ${cubeText}${diceText}${scoreText}${stateText}`;
  return svgDocument({ viewWidth: VIEW_W, viewHeight: VIEW_H, title, desc, body, className: 'tabula-board tabula-backgammon' }, options);
};
