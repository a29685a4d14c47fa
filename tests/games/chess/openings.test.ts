/**
 * Chess opening names: the shipped lichess table (samples/chess/openings/*.tsv) read, keyed by the
 * Polyglot key of each line's position, and looked up by position and by line (the last named
 * position on it, lichess's rule). Expected names are copied from the table by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Position, makeMove, parseFen, parseSan, polyglotKey, standardPosition } from '../../../src/codecs/chess';
import { unwrap } from '../../../src/codecs/result';
import { chess } from '../../../src/games/chess';
import {
  OPENING_FILES,
  buildOpeningTable,
  openingOfLine,
  openingOfLineIn,
  openingOfPosition,
  openingsDir,
  parseOpeningsTsv,
  shippedOpenings,
} from '../../../src/games/chess/openings';
import { samplePath } from '../../support/sampleData';

/** Plays a SAN line from the start or `fen`: the position reached, and the keys after each move (the first position's left out). */
const play = (moves: string, fen?: string): { pos: Position; keys: string[] } => {
  const pos = fen ? unwrap(parseFen(fen)) : standardPosition();
  const keys = moves
    .split(/\s+/)
    .filter((t) => t !== '' && !/^\d+\.$/.test(t))
    .map((san) => {
      makeMove(pos, unwrap(parseSan(pos, san)));
      return polyglotKey(pos);
    });
  return { pos, keys };
};
const keysOf = (moves: string, fen?: string): string[] => play(moves, fen).keys;
const keyOf = (moves: string): string => keysOf(moves).at(-1) ?? '';

const NAJDORF = '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6';
/** b.tsv, line 736. */
const NAJDORF_ROW = { eco: 'B90', name: 'Sicilian Defense: Najdorf Variation', moves: NAJDORF };
/** The Najdorf reached with 1. Nf3 first. */
const NAJDORF_BY_NF3 = '1. Nf3 c5 2. e4 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6';

describe('the shipped opening table', () => {
  it('holds every data line of a.tsv … e.tsv: 3,807 (817 + 769 + 1,250 + 614 + 357)', () => {
    // Counted apart: the lines of each file that are not its header and not empty.
    const counted = OPENING_FILES.map((f) => fs.readFileSync(samplePath('chess', 'openings', f), 'utf8').split('\n').slice(1).filter((l) => l !== '').length);
    expect(counted).toEqual([817, 769, 1250, 614, 357]);
    expect(shippedOpenings().rows).toBe(3807);
  });

  it('names 3,807 distinct positions: no two lines of the shipped table reach the same one', () => {
    expect(shippedOpenings().byKey.size).toBe(3807);
  });

  it('names only positions of at least 20 pieces, so lichess’s cut (no name under 20 pieces) changes no answer', () => {
    const fewest = Math.min(
      ...OPENING_FILES.flatMap((f) => parseOpeningsTsv(fs.readFileSync(samplePath('chess', 'openings', f), 'utf8'), f)).map(
        (row) => play(row.moves).pos.board.filter((piece) => piece !== 0).length,
      ),
    );
    expect(fewest).toBeGreaterThanOrEqual(20);
  });

  it('is found from the sources, from the built dist/ and from a bundle in dist/bench alike', () => {
    const root = path.resolve(__dirname, '../../..');
    const expected = path.join(root, 'samples', 'chess', 'openings');
    expect(openingsDir(path.join(root, 'src', 'games', 'chess'))).toBe(expected);
    expect(openingsDir(path.join(root, 'dist', 'games', 'chess'))).toBe(expected);
    expect(openingsDir(path.join(root, 'dist', 'bench'))).toBe(expected);
  });
});

describe('a position’s opening', () => {
  it('names the Najdorf by its usual move order', () => {
    expect(openingOfPosition(keyOf(NAJDORF))).toEqual(NAJDORF_ROW);
  });

  it('names the Najdorf reached by a transposition the same, with the table’s moves', () => {
    expect(keyOf(NAJDORF_BY_NF3)).toBe(keyOf(NAJDORF));
    expect(openingOfPosition(keyOf(NAJDORF_BY_NF3))).toEqual(NAJDORF_ROW);
  });

  it('names the start of a family: 1. e4 e5 is C20 King’s Pawn Game', () => {
    expect(openingOfPosition(keyOf('1. e4 e5'))).toEqual({ eco: 'C20', name: "King's Pawn Game", moves: '1. e4 e5' });
  });

  it('is null for a position the table does not name (1. h3 h6 2. a3 a6) and for the start', () => {
    expect(openingOfPosition(keyOf('1. h3 h6 2. a3 a6'))).toBeNull();
    expect(openingOfPosition(polyglotKey(standardPosition()))).toBeNull();
  });
});

describe('a line’s opening', () => {
  it('is the Najdorf for its usual move order and for the transposition', () => {
    expect(openingOfLine(keysOf(NAJDORF))).toEqual(NAJDORF_ROW);
    expect(openingOfLine(keysOf(NAJDORF_BY_NF3))).toEqual(NAJDORF_ROW);
  });

  it('keeps the last named position’s name on a line that goes past the named moves', () => {
    // 6. Bg5 e6 is B95 (b.tsv line 759); 7. a3 h6 8. Rb1 are named nowhere.
    expect(openingOfLine(keysOf(`${NAJDORF} 6. Bg5 e6 7. a3 h6 8. Rb1`))).toEqual({
      eco: 'B95',
      name: 'Sicilian Defense: Najdorf Variation',
      moves: `${NAJDORF} 6. Bg5 e6`,
    });
  });

  it('takes the start position’s key first or left out alike', () => {
    expect(openingOfLine([polyglotKey(standardPosition()), ...keysOf(NAJDORF)])).toEqual(NAJDORF_ROW);
  });

  it('is the first move’s name when only the first move is named: 1. h3 h6 2. a3 a6 is A00 Clemenz Opening', () => {
    expect(openingOfLine(keysOf('1. h3 h6 2. a3 a6'))).toEqual({ eco: 'A00', name: 'Clemenz Opening', moves: '1. h3' });
  });

  it('is null for a line that reaches no named position (an endgame’s moves), and for no moves', () => {
    expect(openingOfLine(keysOf('1. e4 Kd7', '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'))).toBeNull();
    expect(openingOfLine([])).toBeNull();
  });

  it('looks at the first 40 moves only, as lichess does', () => {
    const table = buildOpeningTable(parseOpeningsTsv('eco\tname\tpgn\nC20\tKing\'s Pawn Game\t1. e4 e5\n'));
    const named = keyOf('1. e4 e5');
    const unnamed = keyOf('1. h3');
    expect(openingOfLineIn(table, [...Array(39).fill(unnamed), named])).toMatchObject({ eco: 'C20' });
    expect(openingOfLineIn(table, [...Array(40).fill(unnamed), named])).toBeNull();
  });
});

describe('reading the table', () => {
  it('reads eco, name and moves under the header, skipping the empty last line', () => {
    expect(parseOpeningsTsv('eco\tname\tpgn\nA00\tAmar Opening\t1. Nh3\n', 'a.tsv')).toEqual([
      { eco: 'A00', name: 'Amar Opening', moves: '1. Nh3', file: 'a.tsv', line: 2 },
    ]);
  });

  it('refuses a file without the header or with a line of other columns', () => {
    expect(() => parseOpeningsTsv('A00\tAmar Opening\t1. Nh3\n', 'a.tsv')).toThrow(/a\.tsv: the first line/);
    expect(() => parseOpeningsTsv('eco\tname\tpgn\nA00\tAmar Opening\n', 'a.tsv')).toThrow(/a\.tsv line 2/);
  });

  it('refuses a line whose moves do not play', () => {
    expect(() => buildOpeningTable(parseOpeningsTsv('eco\tname\tpgn\nA00\tNonsense\t1. e5\n', 'x.tsv'))).toThrow(/x\.tsv line 2/);
  });

  it('names a position reached by two lines by the later line, as lichess’s table does', () => {
    const table = buildOpeningTable(
      parseOpeningsTsv('eco\tname\tpgn\nC44\tFirst\t1. e4 e5 2. Nf3 Nc6\nA04\tSecond\t1. Nf3 Nc6 2. e4 e5\n'),
    );
    expect(table.byKey.get(keyOf('1. e4 e5 2. Nf3 Nc6'))).toEqual({ eco: 'A04', name: 'Second', moves: '1. Nf3 Nc6 2. e4 e5' });
  });
});

describe('the chess module', () => {
  it('answers opening names through GameModule.openings', () => {
    expect(chess.openings?.ofPosition(keyOf(NAJDORF))).toEqual(NAJDORF_ROW);
    expect(chess.openings?.ofLine(keysOf(NAJDORF_BY_NF3))).toEqual(NAJDORF_ROW);
  });
});
