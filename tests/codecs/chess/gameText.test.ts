import * as fc from 'fast-check';
import {
  FLAG_CASTLE, NULL_MOVE, PgnGame, PgnNode, Position, STANDARD_FEN, applyIds, decodeGameText, encodeMove, genPseudoMoves,
  makeMoveCode, setupIds, decodePgnBytes, encodeGameText, joinTextList, legalMoves,
  makeMove, printSan, moveToUci, parsePgn, parsePgnGame, replayGame, printPgn, getTag,
} from '../../../src/codecs/chess';
import { fenPos, hex, readData } from './helpers';

const gameOf = (movetext: string, fen?: string): PgnGame => {
  const head = fen ? `[SetUp "1"]\n[FEN "${fen}"]\n\n` : '';
  const r = parsePgnGame(head + movetext);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const bytesOf = (game: PgnGame, options = {}): string => {
  const r = encodeGameText(game, options);
  if (!r.ok) throw new Error(r.error.message);
  return hex(r.value.bytes);
};
const mainUcis = (game: PgnGame): string[] => {
  const r = replayGame(game);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.positions.filter((p) => p.path.length === 0).map((p) => p.uci);
};

describe('GameText acceptance (issue 5)', () => {
  const ruy = '1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O';

  it('encodes the Ruy Lopez line in the JOSE dialect', () => {
    expect(bytesOf(gameOf(ruy))).toBe('13 13 2e 22 4c 00 43 2b 98 46 6c 07 4a 0c 08 98 ff');
  });

  it('adds the result code before 0xff', () => {
    expect(bytesOf(gameOf(ruy + ' 1/2-1/2'))).toBe('13 13 2e 22 4c 00 43 2b 98 46 6c 07 4a 0c 08 98 d1 ff');
  });

  it('encodes 2.Nf3 and 2...Nc6 by the seed grid in the SEED_DIAGRAM dialect', () => {
    expect(bytesOf(gameOf(ruy), { dialect: 'SEED_DIAGRAM' })).toBe('13 13 29 25 4c 00 43 2c 98 46 6c 07 4a 0c 08 98 ff');
  });

  it('starts from the key 463b96181691fc9c', () => {
    const r = replayGame(gameOf(ruy));
    expect(r.ok && r.value.start.key).toBe('463b96181691fc9c');
  });
});

// jose-move-vectors.txt: 'FEN:' blocks; a block with a 'decoded:' line is one sequence, otherwise each move is from the start.
interface VectorBlock { fen: string; moves: { uci: string; bytes: string }[]; sequence: boolean }
const vectorBlocks = (): VectorBlock[] => {
  const blocks: VectorBlock[] = [];
  for (const line of readData('jose-move-vectors.txt').toString('utf8').split('\n')) {
    if (line.startsWith('FEN: ')) {
      const f = line.slice(5).trim();
      blocks.push({ fen: f === 'startpos' ? STANDARD_FEN : f, moves: [], sequence: false });
    } else if (line.trim().startsWith('decoded:')) blocks[blocks.length - 1].sequence = true;
    else if (line.startsWith('  ') && blocks.length) {
      const re = /([a-h][1-8][a-h][1-8][qrbn]?|0000)=([0-9a-f]{2}(?: [0-9a-f]{2}(?=\s|$))?)/g;
      let m: RegExpExecArray | null;
      while ((m = re.exec(line))) blocks[blocks.length - 1].moves.push({ uci: m[1], bytes: m[2] });
    }
  }
  return blocks;
};

describe('JOSE move vectors', () => {
  const blocks = vectorBlocks();
  // JOSE's own encoder defects (notes 1.4): its bytes for these moves are wrong; tabula's documented codes are checked below.
  const joseDefect = (fen: string, uci: string): boolean =>
    (fen.startsWith('4k3/8/8/8/8/8/8/K2N2NN') && uci === 'h1g3') || (fen.startsWith('4k3/8/8/8/8/8/8/K2Q2Q1') && (uci === 'g1g8' || uci === 'd1d5'));

  it('reads every block of the file', () => {
    expect(blocks.length).toBe(22);
    expect(blocks.reduce((n, b) => n + b.moves.length, 0)).toBe(176);
  });

  const cases: [string, string, string, number][] = [];
  blocks.forEach((b, bi) => b.moves.forEach((mv, mi) => cases.push([mv.uci, mv.bytes, b.fen, bi * 100 + mi])));

  // JOSE produced these vectors with pseudo-legal moves: some sequences go on after a move that leaves
  // the king in check (e.g. 8...Bd6 while the g8 knight gives check). tabula decodes the legal prefix
  // with the public API; for the rest it checks each move's code with the move primitives.
  it.each(cases)('%s = %s from %s', (uci, bytes, fen, id) => {
    const b = blocks[Math.floor(id / 100)];
    const mi = id % 100;
    if (joseDefect(fen, uci)) return;
    const moves = b.sequence ? b.moves.slice(0, mi + 1) : [b.moves[mi]];
    const pos = fenPos(fen);
    const ids = setupIds(pos);
    const nodes: PgnNode[] = [];
    let legalSoFar = true;
    let code = 0;
    for (const mv of moves) {
      const m = pseudoMove(pos, mv.uci);
      legalSoFar &&= legalMoves(pos).includes(m);
      if (legalSoFar) nodes.push({ san: printSan(pos, m), nags: [], comments: [], variations: [] });
      code = encodeMove(pos, ids, m, 'JOSE');
      applyIds(ids, pos, m);
      makeMove(pos, m);
    }
    const codeHex = code > 0xffff ? hex(new Uint8Array([code & 255, (code >> 8) & 255])) : hex(new Uint8Array([code]));
    expect(codeHex).toBe(bytes);
    if (!legalSoFar) return;
    const game: PgnGame = { tags: fen === STANDARD_FEN ? [] : [{ name: 'FEN', value: fen }], comments: [], moves: nodes, result: null };
    const enc = encodeGameText(game);
    expect(enc.ok && hex(enc.value.bytes)).toBe(moves.map((x) => x.bytes).join(' ') + ' ff');
    const dec = decodeGameText(Buffer.from(moves.map((x) => x.bytes).join('').replace(/ /g, '') + 'ff', 'hex'), { fen });
    expect(dec.ok && dec.value.moves.map((n) => n.san)).toEqual(nodes.map((n) => n.san));
  });

  it('rejects JOSE\'s vector bytes at the first move that is not legal', () => {
    const d = decodeGameText(Buffer.from('130f1210114311 97a424 45ff'.replace(/ /g, ''), 'hex'));
    expect(!d.ok && [d.error.code, d.error.offset]).toEqual(['ERR_GAMETEXT_MOVE', 10]);
  });

  it('gives a third knight from a FEN a free promoted-piece slot instead of JOSE\'s pawn code 06', () => {
    expect(bytesOf(gameOf('1.Ne3 Kd8 2.Nf3 Ke8 3.Ng3', '4k3/8/8/8/8/8/8/K2N2NN w - - 0 1'))).toBe('27 95 2e 94 a8 26 ff');
  });

  it('gives a second queen from a FEN a free promoted-piece slot instead of JOSE\'s colliding 87', () => {
    expect(bytesOf(gameOf('1.Qgg8+ Ke7 2.Qd1d5', '4k3/8/8/8/8/8/8/K2Q2Q1 w - - 0 1'))).toBe('a8 37 97 84 ff');
  });

  it('refuses to encode a piece that has no identity left', () => {
    const r = encodeGameText(gameOf('1.Nd3', '4k3/8/8/8/8/8/PPPPPPPP/NNN1K3 w - - 0 1'));
    expect(!r.ok && r.error.code).toBe('ERR_GAMETEXT_PIECE_QUOTA');
  });

  it('decodes the tabula extra-piece codes back to the same moves', () => {
    const fen = '4k3/8/8/8/8/8/8/K2N2NN w - - 0 1';
    const d = decodeGameText(Buffer.from('279 52e 94a826ff'.replace(/ /g, ''), 'hex'), { fen });
    expect(d.ok && d.value.moves.map((n) => n.san)).toEqual(['Ne3', 'Kd8', 'Nf3', 'Ke8', 'Ng3']);
  });
});

/** A pseudo-legal move by UCI (JOSE's vectors contain moves that leave the king in check). */
const pseudoMove = (pos: Position, uci: string): number => {
  if (uci === '0000') return NULL_MOVE;
  const buf = new Int32Array(256);
  const n = genPseudoMoves(pos, buf);
  for (let i = 0; i < n; i++) {
    if (moveToUci(pos, buf[i]) === uci || moveToUci(pos, buf[i], true) === uci) return buf[i];
  }
  // Castling through check is not generated; build it from the FEN's rook squares.
  const from = pos.kings[pos.turn];
  for (let side = 0; side < 2; side++) {
    const rook = pos.rooks[pos.turn * 2 + side];
    const m = makeMoveCode(from, rook, 0, FLAG_CASTLE);
    if (moveToUci(pos, m, true) === uci) return m;
  }
  throw new Error(`no pseudo-legal move ${uci}`);
};

// jose-golden-games.tsv: JOSE's Bin + Comments for 23 games.
interface Golden { file: string; n: number; fen: string; bin: string; texts: string[]; count: number }
const goldens = (): Golden[] => {
  const out: Golden[] = [];
  let file = '';
  let fen = '';
  const counter: Record<string, number> = {};
  for (const line of readData('jose-golden-games.tsv').toString('utf8').split('\n')) {
    if (line.startsWith('## file ')) file = line.slice(8);
    else if (line.startsWith('#game\t')) fen = line.split('\t')[3].slice(4);
    else if (line.startsWith('bin\t')) {
      counter[file] = (counter[file] ?? 0) + 1;
      out.push({ file, n: counter[file], fen, bin: line.slice(4), texts: [], count: 0 });
    } else if (line.startsWith('comments\t')) {
      const p = line.split('\t');
      const g = out[out.length - 1];
      g.count = Number(p[1]);
      g.texts = g.count ? p.slice(2).join('\t').split(' | ') : [];
    }
  }
  return out;
};
const PGN_OF: Record<string, string> = {
  'jose_starter.pgn': 'jose-starter.pgn', 'pychess_cutechess-fischerrandom.pgn': 'cutechess-fischerrandom.pgn',
  'scid_res_gameUTF8.pgn': 'scid-res_gameUTF8.pgn', 'pychess_anastasian-lewis.pgn': 'anastasian-lewis.pgn',
};
const pgnGames: Record<string, PgnGame[]> = {};
const samplePgn = (file: string): PgnGame[] =>
  (pgnGames[file] ??= parsePgn(decodePgnBytes(readData(file)).text).map((r) => {
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  }));
const countVariations = (line: PgnNode[]): number => line.reduce((n, x) => n + x.variations.length + x.variations.reduce((k, v) => k + countVariations(v), 0), 0);

describe('JOSE golden games', () => {
  const all = goldens();
  it('has 23 games', () => expect(all.length).toBe(23));

  it.each(all.map((g) => [g.file, g.n, g] as [string, number, Golden]))('%s game %d decodes and encodes back to the same bytes', (_f, _n, g) => {
    expect(g.texts.length).toBe(g.count);
    const d = decodeGameText(Buffer.from(g.bin, 'hex'), { fen: g.fen || undefined, layout: 'split', texts: g.texts });
    if (!d.ok) throw new Error(d.error.message);
    const e = encodeGameText(d.value, { layout: 'split' });
    expect(e.ok && Buffer.from(e.value.bytes).toString('hex')).toBe(g.bin);
    expect(e.ok && e.value.texts).toEqual(g.texts);
  });

  it.each(all.filter((g) => PGN_OF[g.file]).map((g) => [g.file, g.n, g] as [string, number, Golden]))(
    '%s game %d decodes to the moves and variations of the PGN', (_f, _n, g) => {
      const d = decodeGameText(Buffer.from(g.bin, 'hex'), { fen: g.fen || undefined, layout: 'split', texts: g.texts });
      if (!d.ok) throw new Error(d.error.message);
      const pgn = samplePgn(PGN_OF[g.file])[g.n - 1];
      if (g.file === 'pychess_anastasian-lewis.pgn') {
        // JOSE cannot read Z0: it stored 'Z' (0xe4) and the next White move as illegal (0xe2), then went on.
        expect(d.value.moves.filter((x) => x.error).map((x) => [x.error, x.san])).toEqual([['unrecognized', 'Z'], ['illegal', 'Ke1']]);
        return;
      }
      expect(mainUcis(d.value)).toEqual(mainUcis(pgn));
      expect(countVariations(d.value.moves)).toBe(countVariations(pgn.moves));
      expect(d.value.result).toBe(pgn.result);
    });

  it.each(all.filter((g) => PGN_OF[g.file] && g.file !== 'pychess_anastasian-lewis.pgn').map((g) => [g.file, g.n, g] as [string, number, Golden]))(
    '%s game %d: the PGN encodes to JOSE\'s bytes and texts', (_f, _n, g) => {
      const pgn = samplePgn(PGN_OF[g.file])[g.n - 1];
      const e = encodeGameText(pgn, { layout: 'split' });
      expect(e.ok && Buffer.from(e.value.bytes).toString('hex')).toBe(g.bin);
      // JOSE turns line breaks in comments into spaces without trimming; compare with whitespace collapsed.
      const norm = (t: string[]): string[] => t.map((x) => x.replace(/\s+/g, ' ').trim());
      expect(e.ok && norm(e.value.texts)).toEqual(norm(g.texts));
    });

  it('stores Z0 as a null move 0x9a where JOSE wrote error codes', () => {
    const e = encodeGameText(samplePgn('anastasian-lewis.pgn')[0]);
    expect(e.ok && hex(e.value.bytes).endsWith('54 06 01 62 4a 9a 95 80 d2 ff')).toBe(true);
  });
});

describe('GameText layouts and errors', () => {
  const game = gameOf('{start} 1.e4 {good} $1 (1.d4 {also} d5) e5 2.Nf3?! *');

  it('writes comments inline after 0xe0, terminated by 0x00', () => {
    expect(bytesOf(game)).toBe('e0 73 74 61 72 74 00 13 e0 67 6f 6f 64 00 b1 f0 0f e0 61 6c 73 6f 00 0f f1 13 2e b6 d3 ff');
  });

  it('keeps the input order of a comment and a NAG after a move', () => {
    expect(bytesOf(gameOf('1.e4 {x} $250 e5'))).toBe('13 e0 78 00 b0 fa 13 ff');
  });

  it('writes the split layout as bare codes plus a text list', () => {
    const r = encodeGameText(game, { layout: 'split' });
    expect(r.ok && [hex(r.value.bytes), r.value.texts]).toEqual(['e0 13 e0 b1 f0 0f e0 0f f1 13 2e b6 d3 ff', ['start', 'good', 'also']]);
    expect(r.ok && hex(joinTextList(r.value.texts))).toBe('73 74 61 72 74 00 67 6f 6f 64 00 61 6c 73 6f 00');
  });

  it('decodes both layouts to the same game', () => {
    const inline = encodeGameText(game);
    const split = encodeGameText(game, { layout: 'split' });
    if (!inline.ok || !split.ok) throw new Error('encode');
    const a = decodeGameText(inline.value.bytes);
    const b = decodeGameText(split.value.bytes, { layout: 'split', texts: joinTextList(split.value.texts) });
    expect(a).toEqual(b);
    expect(a.ok && printPgn(a.value)).toBe('\n{start} 1. e4 {good} $1 (1. d4 {also} 1... d5) 1... e5 2. Nf3 $6 *\n\n');
  });

  it('writes NAG 0 and NAGs above 31 in two bytes', () => {
    expect(bytesOf(gameOf('1.e4 $0 $31 $32'))).toBe('13 b0 00 cf b0 20 ff');
  });

  it('keeps illegal, ambiguous and unreadable tokens as error codes with their text', () => {
    const g = gameOf('[FEN "4k3/8/8/8/8/2N1N3/8/4K3 w - - 0 1"]\n\n1. Nd5 Kxe1 Q@e4 ,');
    expect(bytesOf(g, { layout: 'split' })).toBe('e3 e2 e1 e4 ff');
    const r = replayGame(g);
    expect(r.ok && r.value.errors.map((e) => [e.kind, e.token])).toEqual([['ambiguous', 'Nd5'], ['illegal', 'Kxe1'], ['unreadable', 'Q@e4'], ['unrecognized', ',']]);
  });

  it('decodes a promotion and the promoted piece\'s later move', () => {
    const d = decodeGameText(Buffer.from('0307010801750081a02b70a83aff', 'hex'));
    expect(d.ok && d.value.moves.map((n) => n.san).slice(-3)).toEqual(['cxb8=Q', 'Qxa1', 'Qxc8+']);
  });

  it.each([
    ['13', 'ERR_GAMETEXT_END', 1],
    ['13 13 ff 00', 'ERR_GAMETEXT_TRAILING', 3],
    ['13 d5 ff', 'ERR_GAMETEXT_RESERVED', 1],
    ['94 ff', 'ERR_GAMETEXT_MOVE', 0],
    ['13 13 10 ff', 'ERR_GAMETEXT_MOVE', 2],
    ['37 ff', 'ERR_GAMETEXT_MOVE', 0],
    ['f0 13 f1 ff', 'ERR_GAMETEXT_VARIATION', 0],
    ['13 f1 ff', 'ERR_GAMETEXT_VARIATION', 1],
    ['13 f0 0f ff', 'ERR_GAMETEXT_VARIATION', 3],
    ['b1 13 ff', 'ERR_GAMETEXT_NAG', 0],
    ['13 e0 41 42', 'ERR_GAMETEXT_TRUNCATED', 1],
    ['a0', 'ERR_GAMETEXT_TRUNCATED', 0],
    ['13 f0 0f d2 f1 ff', 'ERR_GAMETEXT_RESULT', 3],
  ])('rejects %s with %s at byte %d', (h, code, offset) => {
    const r = decodeGameText(Buffer.from(h.replace(/ /g, ''), 'hex'));
    expect(!r.ok && [r.error.code, r.error.offset]).toEqual([code, offset]);
  });

  it('rejects a split-layout text code with no text left', () => {
    const r = decodeGameText(Buffer.from('13e0ff', 'hex'), { layout: 'split', texts: [] });
    expect(!r.ok && [r.error.code, r.error.offset]).toEqual(['ERR_GAMETEXT_TEXTS', 1]);
  });

  it('reads CESU-8 surrogate pairs that JOSE writes for characters outside the BMP', () => {
    const d = decodeGameText(Buffer.from('13e0eda0bdedb880' + '00ff', 'hex'));
    expect(d.ok && d.value.moves[0].comments).toEqual(['\u{1F600}']);
  });

  it('refuses to store U+0000 in an inline comment', () => {
    const r = encodeGameText(gameOf('1.e4'.concat(' {a\u0000b}')));
    expect(!r.ok && r.error.code).toBe('ERR_GAMETEXT_TEXT_NUL');
  });
});

describe('property: random legal games survive PGN -> GameText -> PGN', () => {
  it('keeps moves, NAGs and comments for random games', () => {
    fc.assert(fc.property(
      fc.array(fc.nat(), { maxLength: 120 }), fc.array(fc.nat(), { maxLength: 40 }),
      fc.constantFrom<'JOSE' | 'SEED_DIAGRAM'>('JOSE', 'SEED_DIAGRAM'), fc.constantFrom<'inline' | 'split'>('inline', 'split'),
      (choices, extras, dialect, layout) => {
        const pos = fenPos(STANDARD_FEN);
        const moves: PgnNode[] = [];
        for (let i = 0; i < choices.length; i++) {
          const legal = legalMoves(pos);
          if (legal.length === 0) break;
          const m = legal[choices[i] % legal.length];
          const node: PgnNode = { san: printSan(pos, m), nags: [], comments: [], variations: [] };
          const x = extras[i] ?? 0;
          if (x % 7 === 1) node.nags.push(x % 200);
          if (x % 5 === 2) node.comments.push(`note ${x} é`);
          if (x % 11 === 3 && i > 0) {
            // a one-move variation: another legal move from the same position
            const alt = legal[(choices[i] + 1) % legal.length];
            if (alt !== m) node.variations.push([{ san: printSan(pos, alt), nags: [], comments: [], variations: [] }]);
          }
          moves.push(node);
          makeMove(pos, m);
        }
        const game: PgnGame = { tags: [{ name: 'Event', value: 'random' }], comments: [], moves, result: '*' };
        const pgn = printPgn(game);
        const parsed = parsePgnGame(pgn);
        if (!parsed.ok) return false;
        const enc = encodeGameText(parsed.value, { dialect, layout });
        if (!enc.ok) return false;
        const dec = decodeGameText(enc.value.bytes, { dialect, layout, texts: enc.value.texts });
        if (!dec.ok) return false;
        dec.value.tags = parsed.value.tags;
        expect(printPgn(dec.value)).toBe(pgn);
        return true;
      }), { numRuns: 150 });
  });
});

describe('sample games', () => {
  it.each(['jose-starter.pgn', 'cutechess-fischerrandom.pgn', 'scid-res_gameUTF8.pgn', 'anastasian-lewis.pgn', 'immortal-games.pgn'])(
    '%s encodes and decodes to the same main lines', (file) => {
      for (const g of samplePgn(file)) {
        const e = encodeGameText(g);
        if (!e.ok) throw new Error(e.error.message);
        const d = decodeGameText(e.value.bytes, { fen: getTag(g, 'FEN') });
        if (!d.ok) throw new Error(`${d.error.code} ${d.error.offset}`);
        expect(mainUcis({ ...d.value, tags: g.tags })).toEqual(mainUcis(g));
      }
    });
});

