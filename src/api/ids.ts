/** Database ids are 64-bit; GraphQL carries them as ID strings. */
import { badUserInput } from './errors';

/** Parses an `ID!` argument into a bigint, or fails with BAD_USER_INPUT naming the argument. */
export const parseId = (id: string, argument = 'id'): bigint => {
  if (!/^[0-9]{1,19}$/.test(id)) throw badUserInput(`${argument} must be a numeric id, got "${id}"`, { argument });
  return BigInt(id);
};
