/** The `svg` fields: every position type returns a well-formed, accessible SVG with the right facts in its title and description. */
import { type GoScoreRecord, encodePositionFile, encodeScoreFile } from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import { checkDocument, select, titleAndDesc } from '../render/xml';
import { describeEachDatabase } from '../support/databases';
import { positionRecord, prng, randomBoard } from '../support/goFiles';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';
import { sampleText } from '../support/sampleData';


const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const PGN = `[White "Ann"]\n[Black "Bob"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 (2. Nc3 Nf6) 2... Nc6 3. O-O-O 1-0\n`;
const PGN_OK = `[White "Ann"]\n[Black "Bob"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 (2. Nc3 Nf6) 2... Nc6 1-0\n`;
const BG_KEY = '4HPhQSDgc+JBIA:UQmgAAAAAAAE';
const MAVEN =
  '5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/AEINRU? 0/0 0 lex OSPD1;';

const random = prng(77);
const GO = [5, 9, 13].map((stones, i) => positionRecord(randomBoard(random, stones), i % 2 ? 'W' : 'B'));
/** Scored by fuego only, never listed: a placeholder with no board. */
const UNLISTED = positionRecord(randomBoard(random, 20), 'B');

const IMPORT = `mutation ($format: GameFormat!, $data: String!, $options: ImportOptions) {
  importGames(format: $format, data: $data, options: $options) { gameCount games { id } }
}`;

const svgFacts = (svg: string) => {
  const root = checkDocument(svg);
  return { root, ...titleAndDesc(root), width: Number(root.attrs.width) };
};

describeEachDatabase('svg fields', (getDb) => {
  let gql: Gql;
  const importFile = async (format: string, data: string, options?: Record<string, string>) =>
    dataOf(await gql<{ importGames: { gameCount: number; games: { id: string }[] } }>(IMPORT, { format, data, options })).importGames;

  beforeAll(async () => {
    gql = graphqlClient(getDb());
    expect((await importFile('PGN', PGN_OK)).gameCount).toBe(1);
    await importFile('SGF', sampleText('backgammon/gnubg107_5p_double_dance_resign.sgf'));
    await importFile('SGF', sampleText('go/fuego-regression_2012-zen-vs-pro_3_So8p-vs-Zen.sgf'));
    await importFile('GCG', sampleText('crossword/macondo/gcg/doug_v_emely_double_challenge.gcg'));
    const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
    await importFile('GO_POSITIONS', b64(unwrap(encodePositionFile(GO))));
    const scores = (values: number[], extra: GoScoreRecord[] = []) =>
      b64(unwrap(encodeScoreFile([...values.map((score, i): GoScoreRecord => ({ id: GO[i].id, score, confidence: 90 })), ...extra])));
    await importFile('GO_SCORES', scores([3, 5, 8], [{ id: UNLISTED.id, score: 6, confidence: 50 }]), { program: 'fuego', ruleset: 'chinese' });
    await importFile('GO_SCORES', scores([3, 7, 4]), { program: 'gnugo', ruleset: 'chinese' });
  });

  it('draws a stored chess position, at a size and from either side, and a ChessPosition', async () => {
    const d = dataOf(
      await gql<{ chessPositions: { svg: string; black: string }[]; chessPosition: { svg: string; toMove: string } }>(
        `{ chessPositions(polyglotKey: "463b96181691fc9c") { svg(size: 200) black: svg(orientation: BLACK) }
           chessPosition(fen: "${START_FEN.replace(' w ', ' b ')}") { svg toMove: svg(orientation: TO_MOVE) } }`,
      ),
    );
    const stored = svgFacts(d.chessPositions[0].svg);
    expect(stored.width).toBe(200);
    expect(stored.title).toBe('Chess position, White to move');
    expect(stored.desc).toContain("seen from White's side");
    expect(stored.desc).toContain('White has 16 pieces');
    expect(stored.desc).not.toContain('Last move');
    expect(svgFacts(d.chessPositions[0].black).desc).toContain("seen from Black's side");
    const lookedUp = svgFacts(d.chessPosition.svg);
    expect(lookedUp.width).toBe(360);
    expect(lookedUp.title).toBe('Chess position, Black to move');
    expect(lookedUp.desc).toContain("seen from White's side");
    expect(svgFacts(d.chessPosition.toMove).desc).toContain("seen from Black's side");
  });

  it('marks the move that reached a chess ply, in the main line and in a variation', async () => {
    const d = dataOf(
      await gql<{ games: { nodes: { plies: { number: number; variation: string; move: string | null; svg: string }[] }[] } }>(
        `{ games(filter: { kind: CHESS }) { nodes { plies { number variation move svg(size: 120) } } } }`,
      ),
    );
    const plies = d.games.nodes[0].plies;
    const desc = (move: string | null) => svgFacts(plies.find((p) => p.move === move)?.svg ?? '').desc;
    expect(desc(null)).not.toContain('Last move');
    expect(desc('e4')).toContain('Last move: e2 to e4.');
    expect(desc('Nf3')).toContain('Last move: g1 to f3.');
    expect(desc('Nc3')).toContain('Last move: b1 to c3.'); // first move of a variation: replayed from the main line
    expect(desc('Nf6')).toContain('Last move: g8 to f6.');
    expect(desc('Nc6')).toContain('Last move: b8 to c6.');
    const marked = checkDocument(plies.find((p) => p.move === 'e4')?.svg ?? '');
    expect(select(marked, 'rect', 'last-move')).toHaveLength(2);
  });

  it('draws backgammon from the stored key, a decoded Position ID and a BackgammonPosition', async () => {
    const d = dataOf(
      await gql<{ positions: { svg: string; white: string; backgammon: { svg: string } }[]; decodePositionId: { svg: string } }>(
        `{ positions(key: "${BG_KEY}") { svg white: svg(orientation: WHITE) backgammon { svg(size: 500) } }
           decodePositionId(id: "4HPwATDgc/ABMA") { svg } }`,
      ),
    );
    const [p] = d.positions;
    const stored = svgFacts(p.svg);
    expect(stored.title).toMatch(/^Backgammon position, (White|Black) on roll, pips \d+–\d+$/);
    expect(stored.desc).toContain('Cube at 2, owned by');
    expect(stored.desc).toContain('5-point match');
    expect(svgFacts(p.white).desc).toContain('with White at the bottom');
    expect(svgFacts(p.backgammon.svg).desc).toBe(stored.desc); // the same position...
    expect(svgFacts(p.backgammon.svg).width).toBe(500); // ...at its own size
    const start = svgFacts(d.decodePositionId.svg);
    expect(start.title).toBe('Backgammon position, White on roll, pips 167–167');
    expect(start.desc).toContain('Cube centred at 1.');
  });

  it('draws Go positions: stored boards, score-only placeholders, canonical images and game plies', async () => {
    const key = `${GO[1].id.hash}00${GO[1].id.toPlay === 'B' ? '42' : '57'}`;
    const d = dataOf(
      await gql<{
        goPosition: { svg: string; stoneCount: number };
        placeholder: { svg: string; board: string | null };
        positions: { svg: string }[];
        goCanonicalHash: { svg: string };
        goScoreDiff: { nodes: { position: { key: string; svg: string } }[] };
      }>(
        `{ goPosition(hash: "${key}") { svg stoneCount }
           placeholder: goPosition(hash: "${UNLISTED.id.hash}") { svg board }
           positions(key: "${key}") { svg }
           goCanonicalHash(board: "${GO[0].board}") { svg(size: 100) }
           goScoreDiff(a: { program: "fuego", ruleset: "chinese" }, b: { program: "gnugo", ruleset: "chinese" }) { nodes { position { key svg(size: 90) } } } }`,
      ),
    );
    const stored = svgFacts(d.goPosition.svg);
    expect(stored.title).toBe(`Go position, 9x9, ${GO[1].id.toPlay === 'B' ? 'Black' : 'White'} to play`);
    expect(stored.desc).toContain(`${d.goPosition.stoneCount} stones on the board`);
    expect(select(stored.root, 'circle', 'stone')).toHaveLength(d.goPosition.stoneCount);
    expect(select(stored.root, 'circle', 'last-move')).toHaveLength(0);
    expect(d.positions[0].svg).toBe(d.goPosition.svg);

    expect(d.placeholder.board).toBeNull();
    const placeholder = svgFacts(d.placeholder.svg);
    expect(placeholder.title).toContain('board not stored');
    expect(placeholder.desc).toContain('known only from a score file');
    expect(select(placeholder.root, 'circle', 'stone')).toHaveLength(0);
    expect(select(placeholder.root, 'g', 'unknown-board')).toHaveLength(1);

    expect(svgFacts(d.goCanonicalHash.svg).width).toBe(100);
    expect(d.goScoreDiff.nodes.map((n) => n.position.key)).toHaveLength(2);
    for (const n of d.goScoreDiff.nodes) expect(svgFacts(n.position.svg).width).toBe(90);

    const game = dataOf(
      await gql<{ games: { nodes: { mainLine: { move: string | null; svg: string }[] }[] } }>(
        `{ games(filter: { kind: GO }) { nodes { mainLine { move svg } } } }`,
      ),
    ).games.nodes[0].mainLine;
    expect(game[1].move).toBe('B[ee]');
    const first = svgFacts(game[1].svg);
    expect(first.desc).toContain('Last move: E5.');
    expect(first.desc).toContain('White to play.');
    expect(select(first.root, 'circle', 'last-move')).toHaveLength(1);
    expect(svgFacts(game[0].svg).desc).toContain('The board is empty.');
  });

  it('draws crossword positions from CGP, by key and as stored positions', async () => {
    const d = dataOf(
      await gql<{ parseCgp: { svg: string; key: string } }>(`query ($cgp: String!) { parseCgp(cgp: $cgp) { svg(size: 480) key } }`, { cgp: MAVEN }),
    );
    const parsed = svgFacts(d.parseCgp.svg);
    expect(parsed.width).toBe(480);
    expect(parsed.title).toBe('Crossword position, 15x15, scores 0–0');
    expect(parsed.desc).toContain('lexicon OSPD1');
    expect(parsed.desc).toContain('1 blank');

    const stored = dataOf(
      await gql<{ games: { nodes: { mainLine: { move: string | null; position: { key: string; svg: string } }[] }[] } }>(
        `{ games(filter: { kind: CROSSWORD }) { nodes { mainLine { move position { key svg } } } } }`,
      ),
    ).games.nodes[0].mainLine;
    const last = stored[stored.length - 1];
    const byKey = dataOf(
      await gql<{ crosswordPosition: { svg: string } }>(`{ crosswordPosition(key: "${last.position.key}") { svg } }`),
    ).crosswordPosition;
    expect(byKey.svg).toBe(last.position.svg);
    const facts = svgFacts(byKey.svg);
    // A stored position is shared by the games that reach it: its diagram shows no scores.
    expect(facts.title).toBe('Crossword position, 15x15');
    expect(facts.desc).toContain('WINDY');
  });

  it('refuses a size out of range with BAD_USER_INPUT', async () => {
    for (const size of [0, 15, 2049]) {
      const r = await gql(`{ decodePositionId(id: "4HPwATDgc/ABMA") { svg(size: ${size}) } }`);
      expect(r.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'size' } });
    }
  });

  it('marks castling as the king move', async () => {
    await importFile('PGN', PGN.replace('3. O-O-O', '3. Bc4 Bc5 4. O-O'));
    const d = dataOf(
      await gql<{ games: { nodes: { mainLine: { move: string | null; svg: string }[] }[] } }>(
        `{ games(filter: { kind: CHESS }) { nodes { mainLine { move svg(size: 100) } } } }`,
      ),
    );
    const castle = d.games.nodes.flatMap((g) => g.mainLine).find((p) => p.move === 'O-O');
    expect(svgFacts(castle?.svg ?? '').desc).toContain('Last move: e1 to g1.');
  });
});
