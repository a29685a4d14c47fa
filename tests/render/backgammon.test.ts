import { MatchState, PositionBoard, emptySide, startingSide } from '../../src/codecs/backgammon/types';
import { decodeMatchId, decodePositionId } from '../../src/codecs/backgammon';
import { BACKGAMMON_VIEW, backgammonSvg, pipCount } from '../../src/render';
import { XmlElement, checkDocument, select, textContent, titleAndDesc } from './xml';

const START: PositionBoard = { onRoll: startingSide(), opponent: startingSide() };
const MID_Y = Number(BACKGAMMON_VIEW.height) / 2;

const match = (over: Partial<MatchState> = {}): MatchState => ({
  cubeValue: 1,
  cubeOwner: 'CENTERED',
  diceOwner: 0,
  crawford: false,
  gameState: 'PLAYING',
  turn: 0,
  doubleOffered: false,
  resignation: 0,
  dice: [0, 0],
  matchLength: 7,
  score: [0, 0],
  jacoby: false,
  ...over,
});

/** Distinct stacks (by x) of a colour's checkers on the points, with their counts, split by half. */
const stacks = (root: XmlElement, colour: 'white' | 'black'): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const c of select(root, 'circle', 'checker', colour)) {
    const key = `${c.attrs.cx}${Number(c.attrs.cy) < MID_Y ? 'T' : 'B'}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
};

describe('backgammonSvg', () => {
  test('starting position: 30 checkers, pip counts 167/167, cube in the middle at 64', () => {
    const root = checkDocument(backgammonSvg(START));
    expect(select(root, 'circle', 'checker')).toHaveLength(30);
    expect(select(root, 'circle', 'checker', 'white')).toHaveLength(15);
    expect(select(root, 'circle', 'checker', 'black')).toHaveLength(15);
    expect(Object.values(stacks(root, 'white')).sort()).toEqual([2, 3, 5, 5]);
    expect(Object.values(stacks(root, 'black')).sort()).toEqual([2, 3, 5, 5]);
    expect(select(root, 'rect', 'off')).toHaveLength(0);
    expect(select(root, 'g', 'die')).toHaveLength(0);
    const cube = select(root, 'g', 'cube');
    expect(cube).toHaveLength(1);
    expect(textContent(cube[0])).toBe('64');
    const { title, desc } = titleAndDesc(root);
    expect(title).toBe('Backgammon position, White on roll, pips 167–167');
    expect(desc).toContain('Pip counts: White 167, Black 167.');
    expect(desc).toContain('White has 2 on the 24-point, 5 on the 13-point, 3 on the 8-point and 5 on the 6-point.');
    expect(desc).toContain('Cube centred at 1.');
    // The bottom (on-roll) player's 24-point is at the top right; its 6-point at the bottom right.
    const white = select(root, 'circle', 'checker', 'white');
    const two = white.filter((c) => Number(c.attrs.cy) < MID_Y && Number(c.attrs.cx) > BACKGAMMON_VIEW.width / 2);
    expect(two).toHaveLength(2);
    // Point numbers 1..24.
    expect(select(root, 'g', 'point-numbers')[0].children).toHaveLength(24);
  });

  test('pipCount', () => {
    expect(pipCount(startingSide())).toBe(167);
    const s = emptySide();
    s[24] = 2;
    s[0] = 3;
    expect(pipCount(s)).toBe(53);
  });

  test('stacks taller than five show their count; bar and borne-off checkers are drawn', () => {
    const onRoll = emptySide();
    onRoll[5] = 8; // 8 on the 6-point
    onRoll[24] = 2; // 2 on the bar
    // 10 on the board: 5 borne off
    const opponent = emptySide();
    opponent[0] = 12; // 12 on its 1-point: 3 borne off
    const root = checkDocument(backgammonSvg({ onRoll, opponent }, match({ dice: [6, 3] })));
    expect(select(root, 'circle', 'checker', 'white')).toHaveLength(5 + 2);
    expect(select(root, 'circle', 'checker', 'black')).toHaveLength(5);
    expect(select(root, 'text', 'count').map((t) => t.text).sort()).toEqual(['12', '8']);
    expect(select(root, 'rect', 'off', 'white')).toHaveLength(5);
    expect(select(root, 'rect', 'off', 'black')).toHaveLength(3);
    const { desc } = titleAndDesc(root);
    expect(desc).toContain('White has 8 on the 6-point, 2 on the bar and 5 borne off.');
    expect(desc).toContain('Black has 12 on the 1-point and 3 borne off.');
    expect(desc).toContain(`Pip counts: White ${8 * 6 + 2 * 25}, Black 12.`);
    // The bar checkers sit in the bar column.
    const xs = select(root, 'circle', 'checker', 'white').map((c) => c.attrs.cx);
    expect(new Set(xs).size).toBe(2);
  });

  test('dice, cube owner and match score from the match state', () => {
    const root = checkDocument(
      backgammonSvg(START, match({ dice: [6, 3], cubeValue: 4, cubeOwner: 'PLAYER1', score: [2, 4], crawford: true })),
    );
    const dice = select(root, 'g', 'die');
    expect(dice.map((d) => d.attrs['data-value'])).toEqual(['6', '3']);
    expect(select(root, 'circle', 'pip')).toHaveLength(9);
    const cube = select(root, 'g', 'cube')[0];
    expect(textContent(cube)).toBe('4');
    // Black owns the cube and sits at the top (White is on roll at the bottom).
    expect(Number(cube.children[0].attrs.y)).toBeLessThan(MID_Y);
    const { desc } = titleAndDesc(root);
    expect(desc).toContain('Cube at 4, owned by Black.');
    expect(desc).toContain('White rolled 6 and 3.');
    expect(desc).toContain('Score: White 2, Black 4 in a 7-point match (Crawford game).');
    const labels = textContent(select(root, 'g', 'labels')[0]);
    expect(labels).toContain('7-point match · Crawford');
    expect(labels).toContain('White (O) · 167 pips · score 2 · on roll');
    expect(labels).toContain('Black (X) · 167 pips · score 4');
  });

  test('orientation: the on-roll player is at the bottom unless asked otherwise', () => {
    const onRoll = emptySide();
    onRoll[0] = 15; // Black on roll, all on its 1-point
    const opponent = emptySide();
    opponent[0] = 15; // White, all on its 1-point (Black's 24-point)
    const m = match({ diceOwner: 1, turn: 1, dice: [5, 2], cubeOwner: 'PLAYER1', cubeValue: 2 });
    const below = (root: XmlElement, colour: string): boolean => select(root, 'circle', 'checker', colour).every((c) => Number(c.attrs.cy) > MID_Y);
    const def = checkDocument(backgammonSvg({ onRoll, opponent }, m));
    expect(below(def, 'black')).toBe(true);
    expect(select(def, 'circle', 'checker', 'white').every((c) => Number(c.attrs.cy) < MID_Y)).toBe(true);
    expect(titleAndDesc(def).desc).toContain('Backgammon board with Black at the bottom. Black is on roll.');
    expect(titleAndDesc(def).desc).toContain('Pip counts: White 15, Black 15.');
    const flipped = checkDocument(backgammonSvg({ onRoll, opponent }, m, { orientation: 'white' }));
    expect(below(flipped, 'black')).toBe(false);
    expect(titleAndDesc(flipped).desc).toContain('with White at the bottom');
    // The cube follows its owner (Black): bottom by default, top when flipped.
    expect(Number(select(def, 'g', 'cube')[0].children[0].attrs.y)).toBeGreaterThan(MID_Y);
    expect(Number(select(flipped, 'g', 'cube')[0].children[0].attrs.y)).toBeLessThan(MID_Y);
    // The dice are in the roller's half: right half when at the bottom, left when at the top.
    const diceX = (root: XmlElement): number => Number(select(root, 'g', 'die')[0].children[0].attrs.x);
    expect(diceX(def)).toBeGreaterThan(BACKGAMMON_VIEW.width / 2);
    expect(diceX(flipped)).toBeLessThan(BACKGAMMON_VIEW.width / 2);
  });

  test('a pending double shows the cube offered at the new value', () => {
    const root = checkDocument(backgammonSvg(START, match({ doubleOffered: true, cubeValue: 2, cubeOwner: 'PLAYER1', turn: 1 })));
    expect(select(root, 'g', 'cube').map((c) => textContent(c))).toEqual(['2', '4']);
    expect(select(root, 'g', 'offered')).toHaveLength(1);
    expect(titleAndDesc(root).desc).toContain('White doubles to 4.');
  });

  test('a pending resignation is described by the other side, at each level in words', () => {
    const words = ([1, 2, 3] as const).map((resignation) => titleAndDesc(checkDocument(backgammonSvg(START, match({ resignation, turn: 1 })))).desc);
    expect(words.map((desc) => desc.match(/ [A-Za-z]+ offers to resign \([a-z]+\)\./)?.[0])).toEqual([
      ' White offers to resign (single).',
      ' White offers to resign (gammon).',
      ' White offers to resign (backgammon).',
    ]);
    expect(titleAndDesc(checkDocument(backgammonSvg(START, match()))).desc).not.toContain('resign');
  });

  test('works from decoded gnubg IDs; money game', () => {
    const pos = decodePositionId('4HPwATDgc/ABMA');
    const m = decodeMatchId('cIkqAAAAAAAA');
    if (!pos.ok || !m.ok) throw new Error('decode');
    const root = checkDocument(backgammonSvg(pos.value, m.value));
    expect(select(root, 'circle', 'checker')).toHaveLength(30);
    expect(titleAndDesc(root).desc).toContain('Pip counts: White 167, Black 167.');
    const money = checkDocument(backgammonSvg(START, match({ matchLength: 0, score: [3, 1] })));
    expect(titleAndDesc(money).desc).toContain('Money game; White has won 3, Black 1.');
    expect(textContent(select(money, 'g', 'labels')[0])).toContain('Money game');
  });

  test('size, determinism and bad input', () => {
    const root = checkDocument(backgammonSvg(START, null, { size: 670 }));
    expect(root.attrs.width).toBe('670');
    expect(Number(root.attrs.height)).toBeCloseTo((670 * BACKGAMMON_VIEW.height) / BACKGAMMON_VIEW.width, 2);
    expect(root.attrs.viewBox).toBe(`0 0 ${BACKGAMMON_VIEW.width} ${BACKGAMMON_VIEW.height}`);
    const m = match({ dice: [4, 4], cubeValue: 8, cubeOwner: 'PLAYER0' });
    expect(backgammonSvg(START, m)).toBe(backgammonSvg({ onRoll: startingSide(), opponent: startingSide() }, { ...m }));
    expect(() => backgammonSvg({ onRoll: [1, 2], opponent: startingSide() })).toThrow(RangeError);
    expect(() => backgammonSvg({ onRoll: startingSide().map(() => -1), opponent: startingSide() })).toThrow(RangeError);
  });
});
