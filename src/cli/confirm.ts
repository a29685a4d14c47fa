/** Asking a person on the terminal before something that cannot be undone. */
import readline from 'node:readline/promises';
import type { Confirm } from './importsCommand';

/** A yes/no question on the terminal, or undefined when standard input is not a terminal (nobody to ask). */
export const askYesNo = (input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stderr): Confirm => {
  if (!input.isTTY) return undefined;
  return async (question) => {
    const rl = readline.createInterface({ input, output });
    try {
      return /^y(es)?$/i.test((await rl.question(question)).trim());
    } finally {
      rl.close();
    }
  };
};
