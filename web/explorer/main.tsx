/**
 * The GraphQL explorer at GET /: GraphiQL 3, bundled from the npm packages at build time
 * (no CDN), talking to this server's /graphql, with one example tab per game. An API token
 * typed in the bar above is kept in localStorage and sent as `Authorization: Bearer ...`
 * unless the headers editor sets one.
 */
import { GraphiQL } from 'graphiql';
import 'graphiql/graphiql.css';
import React, { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { getToken, postGraphQL, setToken } from '../shared/api';
import { EXAMPLES } from './examples';
import './explorer.css';

type FetcherParams = { query: string; operationName?: string | null; variables?: unknown };
type FetcherOpts = { headers?: Record<string, unknown> };

/** True when the document defines an operation of that name. */
const definesOperation = (query: string, name: string): boolean =>
  new RegExp(`\\b(query|mutation|subscription)\\s+${name.replace(/[^A-Za-z0-9_]/g, '')}\\b`).test(query);

const fetcher = (params: FetcherParams, opts?: FetcherOpts) => {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts?.headers ?? {})) if (typeof v === 'string') headers[k] = v;
  // Right after a tab switch GraphiQL can still send the previous tab's operation name; a name the
  // document does not define is dropped, so the server runs the document's only operation.
  const { operationName, ...rest } = params;
  return postGraphQL(operationName && definesOperation(params.query, operationName) ? params : rest, headers);
};

function TokenBar(): React.JSX.Element {
  const [token, setValue] = useState(getToken());
  return (
    <header className="tabula-bar">
      <strong>tabula</strong>
      <span className="tabula-bar-title">GraphQL explorer</span>
      <a href="/dashboard">Score dashboard</a>
      <label className="tabula-token">
        API token
        <input
          type="password"
          value={token}
          placeholder="only if the server asks for one"
          autoComplete="off"
          onChange={(e) => {
            setValue(e.target.value);
            setToken(e.target.value.trim());
          }}
        />
      </label>
    </header>
  );
}

function App(): React.JSX.Element {
  return (
    <div className="tabula-explorer">
      <TokenBar />
      <div className="tabula-graphiql">
        <GraphiQL
          fetcher={fetcher as never}
          defaultTabs={EXAMPLES}
          defaultEditorToolsVisibility="variables"
          shouldPersistHeaders={false}
          defaultTheme="light"
        />
      </div>
    </div>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
