import {
  PgnGame, PgnSplitter, decodePgnBytes, parsePgn, parsePgnGame, readPgnGames, replayGame, printPgn,
} from '../../../src/codecs/chess';
import { readData } from './helpers';

const parseOne = (text: string): PgnGame => {
  const r = parsePgnGame(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const SAMPLES = ['jose-starter.pgn', 'cutechess-fischerrandom.pgn', 'anastasian-lewis.pgn', 'scid-res_gameUTF8.pgn', 'immortal-games.pgn'];
const sampleGames = (file: string): PgnGame[] => parsePgn(decodePgnBytes(readData(file)).text).map((r) => {
  if (!r.ok) throw new Error(`${file}: ${r.error.code} line ${r.error.line}`);
  return r.value;
});
/** A game with the result as written on export (movetext marker, else Result tag, else '*'). */
const withResult = (g: PgnGame): PgnGame => ({ ...g, result: g.result ?? g.tags.find((t) => t.name === 'Result')?.value ?? '*' });

describe('PGN sample files', () => {
  it.each([
    ['jose-starter.pgn', 16, 'latin1'], ['cutechess-fischerrandom.pgn', 4, 'ascii'], ['anastasian-lewis.pgn', 1, 'ascii'],
    ['scid-res_gameUTF8.pgn', 1, 'utf-8'], ['immortal-games.pgn', 36, 'latin1'],
  ])('%s holds %d games in %s', (file, n, charset) => {
    expect(decodePgnBytes(readData(file)).charset).toBe(charset);
    expect(sampleGames(file).length).toBe(n);
  });

  it.each(SAMPLES)('%s round-trips: same tags, main lines, variations, NAGs and comments', (file) => {
    for (const g of sampleGames(file)) {
      const back = parsePgnGame(printPgn(g));
      expect(back.ok && back.value).toEqual(withResult(g));
    }
  });

  it('reads José in Latin-1 as é', () => {
    expect(sampleGames('jose-starter.pgn')[0].tags.find((t) => t.name === 'White')?.value).toBe('Capablanca, José');
  });

  it('reads the Kramnik-Topalov game with its 48 variations and 36 NAGs', () => {
    const g = sampleGames('scid-res_gameUTF8.pgn')[0];
    let vars = 0;
    let nags = 0;
    const walk = (line: PgnGame['moves']): void => line.forEach((n) => { nags += n.nags.length; vars += n.variations.length; n.variations.forEach(walk); });
    walk(g.moves);
    expect([vars, nags]).toEqual([48, 36]);
  });

  it('replays every sample game without a start-position error', () => {
    for (const file of SAMPLES) for (const g of sampleGames(file)) expect(replayGame(g).ok).toBe(true);
  });

  it('replays the Chess960 games with castling to the rook side', () => {
    const r = replayGame(sampleGames('cutechess-fischerrandom.pgn')[0]);
    expect(r.ok && r.value.chess960).toBe(true);
    expect(r.ok && r.value.errors).toEqual([]);
    expect(r.ok && r.value.positions.some((p) => p.san.startsWith('O-O'))).toBe(true);
  });

  it('finds the 4 ambiguous SAN moves of immortal-games.pgn', () => {
    const ambiguous = sampleGames('immortal-games.pgn').flatMap((g) => {
      const r = replayGame(g);
      return r.ok ? r.value.errors.filter((e) => e.kind === 'ambiguous').map((e) => e.token) : [];
    });
    expect(ambiguous).toEqual(['Nd7', 'Rf8', 'Rd1', 'Nd7']);
  });
});

describe('PGN syntax', () => {
  it('reads nested variations, NAGs, glyphs and comments', () => {
    const g = parseOne('[Event "x"]\n\n{intro} 1. e4! e5 (1... c5 $14 (1... e6 {French}) 2. Nf3) 2. Nf3?! {dev} 1-0');
    expect(g.comments).toEqual(['intro']);
    expect(g.moves.map((n) => n.san)).toEqual(['e4', 'e5', 'Nf3']);
    expect(g.moves[0].nags).toEqual([1]);
    expect(g.moves[1].variations[0].map((n) => n.san)).toEqual(['c5', 'Nf3']);
    expect(g.moves[1].variations[0][0].nags).toEqual([14]);
    expect(g.moves[1].variations[0][0].variations[0][0].comments).toEqual(['French']);
    expect(g.moves[2]).toEqual({ san: 'Nf3', nags: [6], comments: ['dev'], variations: [] });
    expect(g.result).toBe('1-0');
  });

  it('keeps a comment at the start of a variation', () => {
    const g = parseOne('1. e4 ({Or} 1. d4) e5');
    expect(g.moves[0].variations[0][0].startComments).toEqual(['Or']);
  });

  it('reads null moves -- and Z0', () => {
    const g = parseOne('1. e4 -- 2. d4 Z0 3. c4');
    const r = replayGame(g);
    expect(r.ok && r.value.positions.map((p) => p.san)).toEqual(['e4', '--', 'd4', '--', 'c4']);
  });

  it('reads CRLF line ends and ; comments', () => {
    const g = parseOne('[Event "x"]\r\n\r\n1. e4 ; rest of line\r\ne5 *\r\n');
    expect([g.moves.map((n) => n.san), g.moves[0].comments]).toEqual([['e4', 'e5'], ['rest of line']]);
  });

  it('unescapes tag values and escapes them again', () => {
    const g = parseOne('[Event "say \\"hi\\" \\\\ o"]\n\n*');
    expect(g.tags[0].value).toBe('say "hi" \\ o');
    expect(printPgn(g)).toBe('[Event "say \\"hi\\" \\\\ o"]\n\n*\n\n');
  });

  it('writes Black move numbers after comments and variations', () => {
    const g = parseOne('1. e4 {c} e5 (1... c5) 2. Nf3 *');
    expect(printPgn(g)).toBe('\n1. e4 {c} 1... e5 (1... c5) 2. Nf3 *\n\n');
  });

  it('numbers moves from a FEN with Black to move', () => {
    const g = parseOne('[FEN "4k3/8/8/8/8/8/8/4K3 b - - 0 12"]\n\n12... Kd8 13. Kd2 *');
    expect(printPgn(g).split('\n')[2]).toBe('12... Kd8 13. Kd2 *');
  });

  it.each([
    ['[Event "x"]\n\n1. e4 {never closed', 'ERR_PGN_COMMENT', 3, 7],
    ['1. e4 e5 (2. Nf3', 'ERR_PGN_VARIATION', 1, 17],
    ['1. e4 )', 'ERR_PGN_VARIATION', 1, 7],
    ['( 1. e4 )', 'ERR_PGN_VARIATION', 1, 1],
    ['1. e4 $', 'ERR_PGN_NAG', 1, 7],
  ])('rejects %j with %s at line %d column %d', (text, code, line, column) => {
    const r = parsePgnGame(text);
    expect(!r.ok && [r.error.code, r.error.line, r.error.column]).toEqual([code, line, column]);
  });

  it('leaves out a tag pair it cannot read, keeps the game and says which line', () => {
    const g = parseOne('[Event "x]\n[White "W"]\n\n1. e4 e5 *');
    expect(g.tags).toEqual([{ name: 'White', value: 'W' }]);
    expect(g.moves.map((m) => m.san)).toEqual(['e4', 'e5']);
    expect(g.tagErrors?.map((e) => [e.code, e.line, e.column])).toEqual([['ERR_PGN_TAG', 1, 1]]);
  });

  it('gives each move its line when asked', () => {
    const [g] = parsePgn('[Event "x"]\n\n1. e4 e5\n2. Nf3 (2. Nc3\nNc6) Nc6 *', { line: 10, moveLines: true });
    expect(g.ok && g.value.moves.map((m) => [m.san, m.line])).toEqual([['e4', 12], ['e5', 12], ['Nf3', 13], ['Nc6', 14]]);
    expect(g.ok && g.value.moves[2].variations[0].map((m) => [m.san, m.line])).toEqual([['Nc3', 13], ['Nc6', 14]]);
  });

  it('reports a broken game and goes on with the next one', () => {
    const rs = parsePgn('[Event "a"]\n\n1. e4 (1. d4\n\n[Event "b"]\n\n1. d4 *\n');
    expect(rs.map((r) => (r.ok ? r.value.tags[0].value : r.error.code))).toEqual(['ERR_PGN_VARIATION', 'b']);
  });
});

describe('evaluation symbols', () => {
  it('reads Unicode and ASCII evaluation symbols as their NAGs', () => {
    const text = '1. e4 \u00b1 e5 \u2213 2. Nf3 \u2a72 Nc6 \u2a71 3. Bb5 +\u2212 a6 \u2212+ 4. Ba4 = Nf6 \u221e 5. O-O \u25a1 Be7 +- 6. Re1 -+ b5 +/= *';
    const [game] = parsePgn(text);
    expect(game.ok && game.value.moves.map((m) => [m.san, m.nags])).toEqual([
      ['e4', [16]], ['e5', [17]], ['Nf3', [14]], ['Nc6', [15]], ['Bb5', [18]], ['a6', [19]],
      ['Ba4', [10]], ['Nf6', [13]], ['O-O', [7]], ['Be7', [18]], ['Re1', [19]], ['b5', [14]],
    ]);
  });

  it('hangs a variation after a symbol off the move before the symbol', () => {
    const [game] = parsePgn('1. e4 e5 2. Nf3 \u00b1 (2. Nc3 Nc6) 2... Nc6 *');
    expect(game.ok && game.value.moves.map((m) => [m.san, m.variations.map((v) => v.map((n) => n.san))])).toEqual([
      ['e4', []], ['e5', []], ['Nf3', [['Nc3', 'Nc6']]], ['Nc6', []],
    ]);
  });
});

describe('en passant marks', () => {
  const opening = '1. e4 a6 2. e5 f5 3. ';
  it.each([['exf6ep'], ['exf6e.p.'], ['exf6 e.p.']])('reads %s as the en passant capture exf6', (written) => {
    const [game] = parsePgn(`${opening}${written} *`);
    expect(game.ok && game.value.moves.map((m) => m.san)).toEqual(['e4', 'a6', 'e5', 'f5', 'exf6']);
    const replay = game.ok ? replayGame(game.value) : undefined;
    expect(replay?.ok && replay.value.errors).toEqual([]);
  });

  it('keeps a check mark written after the en passant mark', () => {
    const [game] = parsePgn('1. e4 a6 2. e5 f5 3. exf6e.p.+ *');
    expect(game.ok && game.value.moves[4].san).toBe('exf6+');
  });
});

describe('comments outside games', () => {
  it('keeps a comment before the first tag pair with the game that follows', () => {
    const games = parsePgn('{Annotated by hand.}\n[Event "a"]\n\n1. e4 e5 *\n');
    expect(games).toHaveLength(1);
    expect(games[0].ok && games[0].value.comments).toEqual(['Annotated by hand.']);
  });

  it("adds a ; comment after a game's result to that game, not as a game of its own", () => {
    const games = parsePgn('[Event "a"]\n\n1. e4 e5 1-0 ; won on time\n\n[Event "b"]\n\n1. d4 *\n');
    expect(games.map((g) => g.ok && g.value.tags[0].value)).toEqual(['a', 'b']);
    expect(games[0].ok && games[0].value.moves[1].comments).toEqual(['won on time']);
  });

  it('keeps a leading comment in the same streamed part as its game', () => {
    const s = new PgnSplitter();
    const parts = [...s.push(Buffer.from('{From the club archive}\n[Event "a"]\n\n1. e4 *\n')), ...s.end()];
    expect(parts).toHaveLength(1);
  });
});

describe('streaming', () => {
  it('splits a byte stream into games across arbitrary chunk boundaries', () => {
    const bytes = readData('immortal-games.pgn');
    const s = new PgnSplitter();
    const games = [];
    for (let i = 0; i < bytes.length; i += 97) games.push(...s.push(bytes.subarray(i, Math.min(bytes.length, i + 97))));
    games.push(...s.end());
    expect(games.length).toBe(36);
    expect(Buffer.concat(games.map((g) => g.bytes)).equals(bytes)).toBe(true);
    expect(games[1].line).toBeGreaterThan(1);
  });

  it('does not split at a [ inside a comment', () => {
    const s = new PgnSplitter();
    const g = [...s.push(Buffer.from('[Event "a"]\n\n1. e4 {see\n[%eval 0.3]} *\n[Event "b"]\n\n*\n')), ...s.end()];
    expect(g.map((x) => Buffer.from(x.bytes).toString())).toEqual(['[Event "a"]\n\n1. e4 {see\n[%eval 0.3]} *\n', '[Event "b"]\n\n*\n']);
  });

  it('keeps the first game whole after a UTF-8 byte-order mark, and leaves the mark out of its bytes', () => {
    const s = new PgnSplitter();
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const text = '[Event "a"]\n[White "W"]\n\n1. e4 *\n\n[Event "b"]\n\n1. d4 *\n';
    const g = [...s.push(Buffer.concat([bom, Buffer.from(text)])), ...s.end()];
    expect(g.map((x) => Buffer.from(x.bytes).toString())).toEqual(['[Event "a"]\n[White "W"]\n\n1. e4 *\n\n', '[Event "b"]\n\n1. d4 *\n']);
    expect(g.map((x) => [x.offset, x.line])).toEqual([[3, 1], [37, 6]]);
  });

  it('reads a byte-order mark split across two chunks', () => {
    const s = new PgnSplitter();
    const g = [...s.push(Buffer.from([0xef, 0xbb])), ...s.push(Buffer.from([0xbf, ...Buffer.from('[Event "a"]\n\n1. e4 *\n')])), ...s.end()];
    expect(g.map((x) => Buffer.from(x.bytes).toString())).toEqual(['[Event "a"]\n\n1. e4 *\n']);
  });

  it('reads games from an async stream, detecting the charset per game', async () => {
    const utf = Buffer.from('[White "Владимир"]\n\n1. d4 *\n', 'utf8');
    async function* chunks(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('[White "Jos', 'latin1');
      yield Buffer.from('é"]\n\n1. e4 *\n\n', 'latin1');
      yield utf.subarray(0, 11); // cuts a Cyrillic letter in two
      yield utf.subarray(11);
    }
    const out = [];
    for await (const g of readPgnGames(chunks())) out.push([g.charset, g.result.ok && g.result.value.tags[0].value, g.line]);
    expect(out).toEqual([['latin1', 'José', 1], ['utf-8', 'Владимир', 5]]);
  });
});

describe('PGN comments as many as the input holds', () => {
  it('keeps 150,000 comments before a game as its leading comments, without a RangeError', () => {
    const [game] = parsePgn(`${'{c} '.repeat(150_000)}\n[Event "x"]\n\n1. e4 *\n`);
    expect(game.ok && game.value.comments.length).toBe(150_000);
  });
});
