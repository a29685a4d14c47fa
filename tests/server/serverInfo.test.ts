import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { VERSION } from '../../src/api/version';

describeEachDatabase('serverInfo', (getDb) => {
  it('names the version from package.json and the database kind', async () => {
    const gql = graphqlClient(getDb());
    const data = dataOf(await gql<{ serverInfo: { version: string; database: string } }>('{ serverInfo { version database } }'));
    expect(data.serverInfo).toEqual({ version: VERSION, database: getDb().kind });
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});
