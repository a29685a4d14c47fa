import { parseBackgammonSgf, printBackgammonSgf, printBackgammonSgfFromData, parseMoveValue, parsePointList, setupProperties, BackgammonGame } from '../../../src/codecs/backgammon';
import { parseSgf, stripOffsets, SgfProperty } from '../../../src/codecs/sgf';
import { unwrap } from '../../../src/codecs/result';
import { SAMPLE_SGF_FILES, readSample } from './fixtures';

const CHARLOT = 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf';

/** Every property of a game, as sorted `ID[v]…` strings per node, for order-free comparison. */
const propertyBag = (games: BackgammonGame[]): string[][] =>
  games.flatMap((g) => g.tree.nodes.map((n) => n.properties.map((p: SgfProperty) => `${p.id}[${p.values.join('][')}]`).sort()));

describe('SGF GM[6] reader', () => {
  it('reads the four games of the gnubg 1.08 match with their match info', () => {
    const { games } = unwrap(parseBackgammonSgf(readSample(CHARLOT)));
    expect(games.map((g) => [g.info.gameNumber, g.info.score])).toEqual([[0, [0, 0]], [1, [0, 2]], [2, [2, 2]], [3, [6, 2]]]);
    expect(games[0].info).toMatchObject({ white: 'charlot1', black: 'charlot2', matchLength: 7, date: '2025-11-08', application: 'GNU Backgammon:1.08.003' });
  });

  it('reads RU[Crawford:CrawfordGame] as the Crawford game', () => {
    const { games } = unwrap(parseBackgammonSgf(readSample(CHARLOT)));
    expect(games[3].info.rules).toMatchObject({ crawford: true, crawfordGame: true });
    expect(games[2].info.rules).toMatchObject({ crawford: true, crawfordGame: false });
  });

  it('reads RE with a resignation suffix', () => {
    const { games } = unwrap(parseBackgammonSgf(readSample(CHARLOT)));
    expect(games[0].info.result).toEqual({ winner: 1, points: 2, resigned: true });
    expect(games[2].info.result).toEqual({ winner: 0, points: 4, resigned: false });
  });

  it("reads Gibbon's RE[W+2Resign] as a resignation", () => {
    const { games } = unwrap(parseBackgammonSgf(readSample('gibbon_7point.sgf')));
    expect(games[3].info.result).toEqual({ winner: 0, points: 2, resigned: true });
  });

  it('keeps analysis properties verbatim, -inf included', () => {
    const { games } = unwrap(parseBackgammonSgf(readSample(CHARLOT)));
    const first = games[0].nodes[0];
    expect(first.extra.map((p) => p.id)).toEqual(['A', 'MR', 'LU']);
    expect(first.extra[2].values).toEqual(['-inf']);
    expect(games[0].rootExtra.find((p) => p.id === 'GS')?.values[2]).toMatch(/-inf -inf -inf -inf$/);
  });

  it('reads a checker move in the mover’s own numbering', () => {
    // B[41lpab] = Black 13/9 24/23.
    expect(unwrap(parseMoveValue('41lpab', 1))).toEqual({ kind: 'move', player: 1, dice: [4, 1], moves: [{ from: 12, to: 8 }, { from: 23, to: 22 }] });
    // W[31fehe] = White 6/5 8/5.
    expect(unwrap(parseMoveValue('31fehe', 0))).toEqual({ kind: 'move', player: 0, dice: [3, 1], moves: [{ from: 5, to: 4 }, { from: 7, to: 4 }] });
  });

  it('reads bar and off letters for both colours', () => {
    expect(unwrap(parseMoveValue('61yg', 1))).toEqual({ kind: 'move', player: 1, dice: [6, 1], moves: [{ from: 24, to: 17 }] });
    expect(unwrap(parseMoveValue('66fzezdzcz', 0)).kind).toBe('move');
    expect((unwrap(parseMoveValue('23xzxz', 1)) as { moves: unknown[] }).moves).toEqual([{ from: 0, to: -1 }, { from: 0, to: -1 }]);
  });

  it('reads a dice-only value as a roll with no checker moved', () => {
    expect(unwrap(parseMoveValue('11', 0))).toEqual({ kind: 'move', player: 0, dice: [1, 1], moves: [] });
  });

  it('reads cube actions and Gibbon resign nodes', () => {
    expect(unwrap(parseMoveValue('double', 0)).kind).toBe('double');
    expect(unwrap(parseMoveValue('take', 1)).kind).toBe('take');
    expect(unwrap(parseMoveValue('drop', 1)).kind).toBe('drop');
    expect(unwrap(parseMoveValue('resign:2', 1))).toEqual({ kind: 'resign', player: 1, points: 2 });
    expect(unwrap(parseMoveValue('accept', 0)).kind).toBe('accept');
  });

  it('rejects a move with a die of 7', () => {
    const r = parseMoveValue('71ab', 0);
    expect(r.ok || r.error.code).toBe('ERR_BG_SGF_MOVE');
  });

  it('rejects a move with an odd number of point letters', () => {
    const r = parseMoveValue('31abc', 0);
    expect(r.ok || r.error.code).toBe('ERR_BG_SGF_MOVE');
  });

  it('locates a bad move by offset, line and property', () => {
    const r = parseBackgammonSgf('(;FF[4]GM[6]\n;W[31fehe]\n;B[99])');
    expect(r.ok || [r.error.code, r.error.line, r.error.field, r.error.offset]).toEqual(['ERR_BG_SGF_MOVE', 3, 'B', 24]);
  });

  it('expands compressed point lists', () => {
    expect(parsePointList(['a:c', 'y', 'y', 'z'])).toEqual([0, 1, 2, 24, 24]);
    expect(parsePointList(['c:a'])).toBeUndefined();
  });

  it('reads the setup of a gnubg position file', () => {
    const { games } = unwrap(parseBackgammonSgf(readSample('gnubg107_9p_setup_position.sgf')));
    const [board, cube, owner, dice] = games[0].nodes.map((n) => n.setup);
    expect(board?.player).toBe(1);
    expect(board?.clear?.length).toBe(25);
    expect(board?.white?.filter((i) => i === 24).length).toBe(1);
    expect(cube).toEqual({ cubeValue: 4 });
    expect(owner).toEqual({ cubeOwner: 'PLAYER0', cubeOwnerProperty: 'CP' });
    expect(dice).toEqual({ player: 1, order: ['PL'], dice: [5, 2] });
  });

  it('reads both CO (spec) and CP (gnubg) for the cube position', () => {
    const { games } = unwrap(parseBackgammonSgf(readSample('gibbon_edited.sgf')));
    const owners = games[0].nodes.filter((n) => n.setup?.cubeOwner).map((n) => n.setup?.cubeOwnerProperty);
    expect(owners).toEqual(['CO', 'CP']);
  });

  it('reads PL as gnubg does: only a value starting with an uppercase B is Black', () => {
    const { games } = unwrap(parseBackgammonSgf(readSample('gibbon_libgsgf_setup-properties.sgf')));
    expect(games[0].nodes.map((n) => n.setup?.player)).toEqual([1, 0, 0, 0, 0, 0]);
  });

  it('warns about a PL value other than B or W, naming the node', () => {
    const { warnings } = unwrap(parseBackgammonSgf(readSample('gibbon_libgsgf_setup-properties.sgf')));
    expect(warnings.filter((w) => w.includes('PL['))).toEqual([
      'game tree 0: node 2: PL[b] read as White, as gnubg does (only a value starting with an uppercase B is Black)',
      'game tree 0: node 3: PL[bLaCk] read as White, as gnubg does (only a value starting with an uppercase B is Black)',
      'game tree 0: node 5: PL[w] read as White, as gnubg does (only a value starting with an uppercase B is Black)',
      'game tree 0: node 6: PL[WhItE] read as White, as gnubg does (only a value starting with an uppercase B is Black)',
    ]);
  });

  it('keeps the order of AE, AW, AB and PL in a node', () => {
    const { games } = unwrap(parseBackgammonSgf(readSample('gibbon_libgsgf_setup-properties.sgf')));
    expect(games[0].nodes[0].setup?.order).toEqual(['AE', 'AW', 'AB', 'PL']);
    expect(setupProperties(games[0].nodes[0].setup!).map((p) => p.id)).toEqual(['AE', 'AW', 'AB', 'PL']);
  });

  it('skips game trees that are not backgammon, with a warning', () => {
    const r = unwrap(parseBackgammonSgf('(;GM[1]SZ[19])(;GM[6];W[31fehe])'));
    expect(r.games.length).toBe(1);
    expect(r.warnings[0]).toMatch(/not backgammon/);
  });

  it('fails when no game tree is backgammon', () => {
    const r = parseBackgammonSgf('(;GM[1]SZ[19])');
    expect(r.ok || r.error.code).toBe('ERR_BG_SGF_NO_GAME');
  });

  it.each(SAMPLE_SGF_FILES)('writes %s back byte for byte', (name) => {
    const text = readSample(name);
    const written = printBackgammonSgf(unwrap(parseBackgammonSgf(text)).games);
    // Gibbon and libgsgf lay the last node's ')' differently; compare the parsed trees and, for gnubg files, the bytes.
    expect(stripOffsets(unwrap(parseSgf(written)))).toEqual(stripOffsets(unwrap(parseSgf(text))));
    if (name.startsWith('gnubg')) expect(written).toBe(text);
  });

  it.each(SAMPLE_SGF_FILES)('rebuilds %s from its data alone to the same games', (name) => {
    const games = unwrap(parseBackgammonSgf(readSample(name))).games;
    const again = unwrap(parseBackgammonSgf(printBackgammonSgfFromData(games))).games;
    const semantic = (gs: BackgammonGame[]) =>
      gs.map((g) => ({
        info: g.info,
        nodes: g.nodes.map((n) => ({ action: n.action, extra: n.extra, setup: n.setup && { ...n.setup, clear: n.setup.clear && [...new Set(n.setup.clear)].sort((a, b) => a - b) } })),
      }));
    expect(semantic(again)).toEqual(semantic(games));
  });

  it.each(SAMPLE_SGF_FILES.filter((f) => f.startsWith('gnubg')))('rebuilds the gnubg file %s with exactly the same properties', (name) => {
    const games = unwrap(parseBackgammonSgf(readSample(name))).games;
    const again = unwrap(parseBackgammonSgf(printBackgammonSgfFromData(games))).games;
    expect(propertyBag(again)).toEqual(propertyBag(games));
  });
});
