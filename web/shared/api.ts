/**
 * What both pages share: the API token (kept in localStorage when the user gives one) and
 * a GraphQL POST to this server's own /graphql.
 */
const TOKEN_KEY = 'tabula.token';

export const getToken = (): string => {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
};

export const setToken = (token: string): void => {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage disabled: the token lasts for this page only
  }
};

/** Authorization header for the stored token, unless `headers` already has one. */
export const withToken = (headers: Record<string, string>): Record<string, string> => {
  const token = getToken().trim();
  const has = Object.keys(headers).some((k) => k.toLowerCase() === 'authorization');
  return token && !has ? { ...headers, authorization: `Bearer ${token}` } : headers;
};

export interface GraphQLErrorShape {
  message: string;
  extensions?: { code?: string };
}

export interface GraphQLResponse<T> {
  data?: T | null;
  errors?: GraphQLErrorShape[];
}

/** POSTs an operation to /graphql; the raw response body (data and/or errors). */
export const postGraphQL = async <T>(body: unknown, headers: Record<string, string> = {}): Promise<GraphQLResponse<T>> => {
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: withToken({ 'content-type': 'application/json', accept: 'application/json', ...headers }),
    body: JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return JSON.parse(text) as GraphQLResponse<T>;
  } catch {
    return { errors: [{ message: `HTTP ${response.status}: ${text.slice(0, 200)}` }] };
  }
};

/** Runs a query; throws with the errors' messages (and a hint for UNAUTHENTICATED). */
export const gql = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
  const result = await postGraphQL<T>({ query, variables });
  if (result.errors?.length) {
    const unauth = result.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
    const text = result.errors.map((e) => e.message).join('; ');
    throw new Error(unauth ? `${text} (enter an API token at the top of the page)` : text);
  }
  if (!result.data) throw new Error('no data in the answer');
  return result.data;
};
