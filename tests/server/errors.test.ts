import { GraphQLError } from 'graphql';
import { badUserInput, codecInputError, formatError } from '../../src/api/errors';

const formatted = (error: GraphQLError) => error.toJSON();

describe('formatError', () => {
  it('passes BAD_USER_INPUT through with its details', () => {
    const error = badUserInput('first must be between 0 and 100', { argument: 'first' });
    const logged: unknown[] = [];
    expect(formatError(formatted(error), error, (e) => logged.push(e))).toEqual({
      message: 'first must be between 0 and 100',
      extensions: { code: 'BAD_USER_INPUT', details: { argument: 'first' } },
    });
    expect(logged).toEqual([]);
  });

  it('masks an unexpected error as INTERNAL_SERVER_ERROR and logs the original', () => {
    const original = new Error('connection to 10.0.0.5:5432 refused');
    const wrapped = new GraphQLError(original.message, { originalError: original, path: ['game'] });
    const logged: unknown[] = [];
    const result = formatError({ ...formatted(wrapped), extensions: { code: 'INTERNAL_SERVER_ERROR' } }, wrapped, (e) => logged.push(e));
    expect(result).toEqual({ message: 'Internal server error', path: ['game'], extensions: { code: 'INTERNAL_SERVER_ERROR' }, locations: undefined });
    expect(logged).toEqual([original]);
  });

  it('drops stack traces from errors it passes through', () => {
    const error = badUserInput('bad');
    const withStack = { ...formatted(error), extensions: { code: 'BAD_USER_INPUT', stacktrace: ['at x'] } };
    expect(formatError(withStack, error).extensions).toEqual({ code: 'BAD_USER_INPUT' });
  });
});

describe('codecInputError', () => {
  it('keeps the codec code and location in details', () => {
    const error = codecInputError({ code: 'ERR_MATCH_ID_LENGTH', message: 'a Match ID has 12 characters, got 11', offset: 11 }, 'id');
    expect(error.message).toBe('a Match ID has 12 characters, got 11');
    expect(error.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      details: { argument: 'id', code: 'ERR_MATCH_ID_LENGTH', offset: 11 },
    });
  });
});
