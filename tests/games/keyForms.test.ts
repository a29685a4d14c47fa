import { canonicalHashOfText, defaultHasher } from '../../src/codecs/go';
import { gameOf } from '../../src/games';
import { goGameKey } from '../../src/games/go/files';
import { parseCgp, positionKey } from '../../src/codecs/crossword';
import { unwrap } from '../../src/codecs/result';
import { keyFormOf } from '../../src/games/keyForms';

const EMPTY_CGP = '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0';

describe('positions named in any form', () => {
  it('reads a CGP line as its Zobrist key', () => {
    expect(keyFormOf(EMPTY_CGP)).toEqual({ form: 'keys', name: 'CGP', keys: [{ kind: 'CROSSWORD', key: positionKey(unwrap(parseCgp(EMPTY_CGP))) }] });
  });

  it('reads 20 hex digits as a Go PositionID and 16 as a chess or crossword key, lower-cased', () => {
    expect(keyFormOf(' 54DCE5D8F3602FCE0057 ')).toEqual({ form: 'keys', name: 'Go PositionID', keys: [{ kind: 'GO', key: '54dce5d8f3602fce0057' }] });
    expect(keyFormOf('463B96181691FC9C')).toEqual({
      form: 'keys',
      name: 'Polyglot or Zobrist key',
      keys: [{ kind: 'CHESS', key: '463b96181691fc9c' }, { kind: 'CROSSWORD', key: '463b96181691fc9c' }],
    });
  });

  it('reads the start position\'s FEN as its Polyglot key', () => {
    expect(keyFormOf('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).toEqual({
      form: 'keys',
      name: 'FEN',
      keys: [{ kind: 'CHESS', key: '463b96181691fc9c' }],
    });
  });

  it('reads a gnubg Position ID alone as a board under any match state', () => {
    expect(keyFormOf('4HPwATDgc/ABMA')).toEqual({ form: 'board', name: 'gnubg Position ID', kind: 'BACKGAMMON', board: '4HPwATDgc/ABMA', grouped: true });
  });

  it('reads 81 points of `#`, `O` and `.` as a 9x9 Go board, line breaks left out', () => {
    const rows = ['....#....', ...Array(7).fill('.........'), 'O........'];
    expect(keyFormOf(rows.join('\n'))).toEqual({ form: 'board', name: 'Go board (9x9)', kind: 'GO', board: rows.join(''), grouped: false });
  });

  it('gives the reason for a Go board that is not square', () => {
    expect(keyFormOf('.'.repeat(80))).toEqual({ form: 'unknown', reason: 'Go board: a square board of 1..52 lines is n*n characters, got 80' });
  });

  it('gives the reason for a CGP line that does not read', () => {
    expect(keyFormOf('15/15/15 AEINRST/ 0/0 0')).toEqual({ form: 'unknown', reason: 'the CrosswordGame board has 15 rows; the CGP has 3' });
  });
});

describe('a board named in text, as its game finds its positions', () => {
  it('finds a backgammon board by its Position ID as the group key of its match states', () => {
    expect(gameOf('BACKGAMMON').boardQuery?.('4HPwATDgc/ABMA', { zobrist: defaultHasher(9, 9) })).toEqual({ by: 'group', groupKey: '4HPwATDgc/ABMA' });
  });

  it('finds a 9x9 Go board by its canonical hash, then by the game key of each side with no stored row', () => {
    const board = '....#....' + '.'.repeat(63) + 'O........';
    const query = gameOf('GO').boardQuery?.(board, { zobrist: defaultHasher(9, 9) });
    const hash = canonicalHashOfText(board, defaultHasher(9, 9));
    if (!hash.ok) throw new Error(hash.error.message);
    expect(query).toEqual({
      by: 'hash',
      hash: BigInt.asIntN(64, BigInt(`0x${hash.value.hash}`)),
      sides: [
        { side: 'B', key: goGameKey(9, 9, hash.value.hash, 'B') },
        { side: 'W', key: goGameKey(9, 9, hash.value.hash, 'W') },
      ],
    });
  });

  it('finds a Go board of another size under the game key of each side, hashed with the default table', () => {
    const board = '#' + '.'.repeat(360);
    const hash = canonicalHashOfText(board, defaultHasher(19, 19));
    if (!hash.ok) throw new Error(hash.error.message);
    expect(gameOf('GO').boardQuery?.(board, { zobrist: defaultHasher(9, 9) })).toEqual({
      by: 'keys',
      keys: [goGameKey(19, 19, hash.value.hash, 'B'), goGameKey(19, 19, hash.value.hash, 'W')],
    });
  });
});
