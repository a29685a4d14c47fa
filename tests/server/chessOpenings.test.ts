/**
 * Chess GraphQL: `chessPosition(fen:, play:)` (moves in UCI or SAN from a FEN or the start) and
 * `ChessPosition.opening` (the position's own name in the lichess table). FENs are written by hand,
 * names copied from samples/chess/openings/*.tsv.
 */
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** After 1. e4 e5: White to move, no en passant capture possible, so no en passant square. */
const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';

interface Looked {
  chessPosition: { key: string; fen: string; sideToMove: string; opening: { eco: string; name: string; moves: string } | null };
}
const LOOK = `query ($fen: String, $play: [String!]) {
  chessPosition(fen: $fen, play: $play) { key fen sideToMove opening { eco name moves } }
}`;

describeEachDatabase('chessPosition(play:) and opening names', (getDb) => {
  it('plays UCI moves from the standard start when fen is left out', async () => {
    const gql = graphqlClient(getDb());
    const { chessPosition } = dataOf(await gql<Looked>(LOOK, { play: ['e2e4', 'e7e5'] }));
    expect(chessPosition.fen).toBe(AFTER_E4_E5);
    expect(chessPosition.sideToMove).toBe('w');
  });

  it('plays the same moves in SAN to the same position', async () => {
    const gql = graphqlClient(getDb());
    const uci = dataOf(await gql<Looked>(LOOK, { play: ['e2e4', 'e7e5'] })).chessPosition;
    const san = dataOf(await gql<Looked>(LOOK, { play: ['e4', 'e5'] })).chessPosition;
    expect(san).toEqual(uci);
  });

  it('plays moves from a given FEN, castling written as the king onto its rook', async () => {
    const gql = graphqlClient(getDb());
    const { chessPosition } = dataOf(await gql<Looked>(LOOK, { fen: 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', play: ['e1h1', 'O-O-O'] }));
    expect(chessPosition.fen).toBe('2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2');
  });

  it('names the position by the table: 1. e4 e5 is C20 King’s Pawn Game', async () => {
    const gql = graphqlClient(getDb());
    expect(dataOf(await gql<Looked>(LOOK, { play: ['e4', 'e5'] })).chessPosition.opening).toEqual({ eco: 'C20', name: "King's Pawn Game", moves: '1. e4 e5' });
  });

  it('names the Najdorf reached by 1. Nf3 first as the table’s Najdorf', async () => {
    const gql = graphqlClient(getDb());
    const play = ['Nf3', 'c5', 'e4', 'd6', 'd4', 'cxd4', 'Nxd4', 'Nf6', 'Nc3', 'a6'];
    expect(dataOf(await gql<Looked>(LOOK, { play })).chessPosition.opening).toEqual({
      eco: 'B90',
      name: 'Sicilian Defense: Najdorf Variation',
      moves: '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6',
    });
  });

  it('has no opening for a position the table does not name', async () => {
    const gql = graphqlClient(getDb());
    expect(dataOf(await gql<Looked>(LOOK, { play: ['h3', 'h6', 'a3', 'a6'] })).chessPosition.opening).toBeNull();
  });

  it('refuses an illegal move as BAD_USER_INPUT naming its index and the position it was tried on', async () => {
    const gql = graphqlClient(getDb());
    const result = await gql<Looked>(LOOK, { play: ['e4', 'e5', 'Qxh7'] });
    expect(result.errors?.[0].message).toBe(`play[2]: "Qxh7" is not a legal move from ${'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'}`);
    expect(result.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'play', index: 2 } });
  });

  it('refuses an unreadable move and an illegal UCI move by their index', async () => {
    const gql = graphqlClient(getDb());
    const unreadable = await gql(LOOK, { play: ['e4', 'hello'] });
    expect(unreadable.errors?.[0].message).toMatch(/^play\[1\]: "hello" is not a move/);
    const illegal = await gql(LOOK, { play: ['e2e5'] });
    expect(illegal.errors?.[0].message).toBe(`play[0]: "e2e5" is not a legal move from ${START_FEN}`);
    expect(illegal.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'play', index: 0, code: 'ERR_UCI_ILLEGAL' } });
  });

  it('answers chessPosition(fen:) without play as before, a non-null $fen variable included', async () => {
    const gql = graphqlClient(getDb());
    const q = `query ($fen: String!) { chessPosition(fen: $fen) { key fen sideToMove } }`;
    const { chessPosition } = dataOf(await gql<Looked>(q, { fen: START_FEN }));
    expect(chessPosition).toEqual({ key: '463b96181691fc9c', fen: START_FEN, sideToMove: 'w' });
  });

  it('answers the start position when neither fen nor play is given', async () => {
    const gql = graphqlClient(getDb());
    expect(dataOf(await gql<Looked>(`{ chessPosition { key fen opening { eco } } }`)).chessPosition).toEqual({ key: '463b96181691fc9c', fen: START_FEN, opening: null });
  });
});
