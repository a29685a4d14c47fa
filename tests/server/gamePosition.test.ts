/**
 * The `GamePosition` interface: one fragment asks every position type, whatever the game, for
 * its kind, key, text, analysis, occurrences and explorer moves, and a game's own view of a
 * position (a FEN looked up, a decoded backgammon key, a CGP, a Go position) answers them as the
 * stored `Position` of the same key does.
 */
import { describeEachDatabase } from '../support/databases';
import { sampleText } from '../support/sampleData';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';

const IMPORT = `mutation ($format: GameFormat!, $data: String!) { importGames(format: $format, data: $data) { gameCount } }`;

const FRAGMENT = `fragment Shared on GamePosition {
  kind key text occurrenceCount
  analysis { program value }
  moves { move count wins draws losses }
  occurrences(first: 2) { number game { player1 } }
  occurrencePage(first: 1) { totalCount nodes { number } }
}`;

interface Shared {
  kind: string;
  key: string;
  text: string | null;
  occurrenceCount: number;
  analysis: { program: string; value: number }[];
  moves: { move: string; count: number; wins: number; draws: number; losses: number }[];
  occurrences: { number: number; game: { player1: string } }[];
  occurrencePage: { totalCount: number; nodes: { number: number }[] };
}

/** Everything but `text`, which each game's view writes in its own form. */
const withoutText = ({ text: _text, ...rest }: Shared) => rest;

const AFTER_E4_FEN = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_E4 = '823c9b50fd114196';
const PGN = `[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 {[%eval 0.3]} e5 1-0\n
[White "C"]\n[Black "D"]\n[Result "0-1"]\n\n1. e4 c5 0-1\n`;

describeEachDatabase('one fragment for the positions of every game', (getDb) => {
  let gql: Gql;
  beforeAll(async () => {
    gql = graphqlClient(getDb());
    dataOf(await gql(IMPORT, { format: 'PGN', data: PGN }));
    dataOf(await gql(IMPORT, { format: 'SGF', data: sampleText('backgammon/gnubg107_5p_double_dance_resign.sgf') }));
    dataOf(await gql(IMPORT, { format: 'GCG', data: sampleText('crossword/macondo/gcg/doug_v_emely_double_challenge.gcg') }));
    dataOf(await gql(IMPORT, { format: 'SGF', data: '(;GM[1]FF[4]SZ[9]RE[B+R];B[ee];W[cc])\n(;GM[1]FF[4]SZ[9]RE[W+2];B[ee];W[gc])\n' }));
  });

  it('answers a chess position looked up by FEN: key, FEN, evaluation, occurrences and moves', async () => {
    const data = dataOf(await gql<{ chessPosition: Shared }>(`${FRAGMENT} { chessPosition(fen: "${AFTER_E4_FEN}") { ...Shared } }`));
    expect(data.chessPosition).toEqual({
      kind: 'CHESS',
      key: AFTER_E4,
      text: AFTER_E4_FEN,
      occurrenceCount: 2,
      // `[%eval 0.3]` after 1. e4, credited to no named program.
      analysis: [{ program: 'unknown', value: 0.3 }],
      // Black moved: game 1 (1-0) played e5 and lost; game 2 (0-1) played c5 and won.
      moves: [
        { move: 'c5', count: 1, wins: 1, draws: 0, losses: 0 },
        { move: 'e5', count: 1, wins: 0, draws: 0, losses: 1 },
      ],
      occurrences: [{ number: 1, game: { player1: 'A' } }, { number: 1, game: { player1: 'C' } }],
      occurrencePage: { totalCount: 2, nodes: [{ number: 1 }] },
    });
  });

  it('answers the same for the stored position of the same key', async () => {
    const data = dataOf(await gql<{ chessPosition: Shared; positions: Shared[] }>(
      `${FRAGMENT} { chessPosition(fen: "${AFTER_E4_FEN}") { ...Shared } positions(key: "${AFTER_E4}", kind: CHESS) { ...Shared } }`,
    ));
    expect(data.positions).toEqual([data.chessPosition]);
  });

  it('answers a backgammon position decoded from its key as the stored position', async () => {
    const data = dataOf(await gql<{ games: { nodes: { mainLine: { position: Shared & { backgammon: Shared } }[] }[] } }>(
      `${FRAGMENT} { games(filter: { kind: BACKGAMMON }, first: 1) { nodes { mainLine { position { ...Shared backgammon { ...Shared } } } } } }`,
    ));
    const plies = data.games.nodes[0].mainLine;
    expect(plies.length).toBeGreaterThan(5);
    for (const { position } of plies.slice(0, 6)) {
      expect(position.kind).toBe('BACKGAMMON');
      expect(position.backgammon.text).toBe(position.key);
      expect(position.occurrenceCount).toBeGreaterThan(0);
      const { backgammon, ...stored } = position;
      expect(withoutText(backgammon)).toEqual(withoutText(stored));
    }
  });

  it('answers a crossword position of a game\'s ply as the stored position, with its CGP as text', async () => {
    const data = dataOf(await gql<{ games: { nodes: { mainLine: { position: Shared; crossword: Shared & { cgp: string } }[] }[] } }>(
      `${FRAGMENT} { games(filter: { kind: CROSSWORD }, first: 1) { nodes { mainLine { position { ...Shared } crossword { ...Shared cgp } } } } }`,
    ));
    const plies = data.games.nodes[0].mainLine.slice(0, 4);
    for (const ply of plies) {
      expect(ply.crossword.kind).toBe('CROSSWORD');
      expect(ply.crossword.text).toBe(ply.crossword.cgp);
      const { cgp: _cgp, ...crossword } = ply.crossword;
      expect(withoutText(crossword)).toEqual(withoutText(ply.position));
    }
  });

  it('answers a Go position: both games reach the position after 1. E5 and played C7 and G7 from it, one move in the canonical orientation', async () => {
    const data = dataOf(await gql<{ games: { nodes: { mainLine: { position: Shared }[] }[] } }>(
      `${FRAGMENT} { games(filter: { kind: GO }, first: 2) { nodes { mainLine { position { ...Shared } } } } }`,
    ));
    const afterE5 = data.games.nodes[0].mainLine[1].position;
    const go = dataOf(await gql<{ goPositions: Shared[] }>(`${FRAGMENT} { goPositions(hash: "${afterE5.key.slice(0, 16)}") { ...Shared } }`));
    expect(go.goPositions).toEqual([afterE5]);
    expect(afterE5).toMatchObject({ kind: 'GO', occurrenceCount: 2, occurrencePage: { totalCount: 2 } });
    // The board as the position file writes it: `#` a black stone, on E5, the centre point (index 40).
    expect(afterE5.text).toBe(`${'.'.repeat(40)}#${'.'.repeat(40)}`);
    // cc (C7) and gc (G7) are mirror images with E5 in the centre: one entry, shown by the first
    // point of the canonical orientation, C3 (Black won game 1, White game 2: White played it).
    expect(afterE5.moves).toEqual([{ move: 'C3', count: 2, wins: 1, draws: 0, losses: 1 }]);
    const byKey = dataOf(await gql<{ goPosition: Shared }>(`${FRAGMENT} { goPosition(hash: "${afterE5.key}") { ...Shared } }`));
    expect(byKey.goPosition).toEqual(afterE5);
  });
});
