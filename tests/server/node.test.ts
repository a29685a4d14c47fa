/** Global ids: every game, position and import has a `nodeId`, and `node(nodeId:)` fetches it back. */
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';

const PGN = '[White "Anderssen"]\n[Black "Kieseritzky"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n';

describeEachDatabase('global ids', (getDb) => {
  let gql: Gql;
  let importId: string;
  beforeAll(async () => {
    gql = graphqlClient(getDb());
    const data = dataOf(await gql<{ importGames: { importId: string } }>(`mutation { importGames(format: PGN, data: ${JSON.stringify(PGN)}) { importId } }`));
    importId = data.importGames.importId;
  });

  it('gives a game a global id that node() resolves to the same game', async () => {
    const { games } = dataOf(await gql<{ games: { nodes: { id: string; nodeId: string }[] } }>(`{ games { nodes { id nodeId } } }`));
    const [game] = games.nodes;
    expect(Buffer.from(game.nodeId, 'base64url').toString()).toBe(`Game:${game.id}`);
    const { node } = dataOf(await gql<{ node: { __typename: string; id: string; player1: string } }>(
      `query ($id: ID!) { node(nodeId: $id) { __typename ... on Game { id player1 } } }`,
      { id: game.nodeId },
    ));
    expect(node).toEqual({ __typename: 'Game', id: game.id, player1: 'Anderssen' });
  });

  it('gives a position known only from games a global id made of its kind and key', async () => {
    const { positions } = dataOf(await gql<{ positions: { nodeId: string }[] }>(`{ positions(key: "463b96181691fc9c", kind: CHESS) { nodeId } }`));
    expect(Buffer.from(positions[0].nodeId, 'base64url').toString()).toBe('Position:CHESS:463b96181691fc9c');
    const { node } = dataOf(await gql<{ node: { __typename: string; key: string; occurrenceCount: number } }>(
      `query ($id: ID!) { node(nodeId: $id) { __typename ... on Position { key occurrenceCount } } }`,
      { id: positions[0].nodeId },
    ));
    expect(node).toEqual({ __typename: 'Position', key: '463b96181691fc9c', occurrenceCount: 1 });
  });

  it('resolves an import by its global id', async () => {
    const id = Buffer.from(`Import:${importId}`).toString('base64url');
    const { node } = dataOf(await gql<{ node: { __typename: string; id: string; gameCount: number; nodeId: string } }>(
      `query ($id: ID!) { node(nodeId: $id) { __typename nodeId ... on Import { id gameCount } } }`,
      { id },
    ));
    expect(node).toEqual({ __typename: 'Import', nodeId: id, id: importId, gameCount: 1 });
  });

  it('answers null for a global id of nothing stored, and BAD_USER_INPUT for text that is not a global id', async () => {
    const missing = Buffer.from('Game:999999').toString('base64url');
    expect(dataOf(await gql<{ node: null }>(`query ($id: ID!) { node(nodeId: $id) { nodeId } }`, { id: missing })).node).toBeNull();
    const bad = await gql(`{ node(nodeId: "not a global id") { nodeId } }`);
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'nodeId' } });
    const unknown = await gql(`query ($id: ID!) { node(nodeId: $id) { nodeId } }`, { id: Buffer.from('Planet:3').toString('base64url') });
    expect(unknown.errors?.[0].message).toContain('unknown type Planet');
  });
});
