/**
 * How the server process answers SIGINT and SIGTERM.
 *
 * A handler registered with `process.once` left a second copy of a signal to Node's default
 * action, which killed the server at once: no "stopped" line, and PGlite left to crash recovery on
 * the next start. Ctrl-C on `npm start` used to reach the server up to three times (the terminal
 * signals the whole process group, npm passes it on, and so did the start script); the start script
 * now runs the server in a group of its own and passes each Ctrl-C on once (`scripts/start.mjs`), so
 * every signal that reaches the server is meant.
 *
 * So every signal is handled: the first one stops the server gracefully; any later one is a second
 * Ctrl-C and stops the server at once (in-flight requests are cut off, the database is still
 * closed) with exit status 130. Copies are not told apart here: the server's event loop may be busy
 * (a long statement on the embedded database), and signals are handled when it is free, so their
 * handling times say nothing of when they were sent. The start script, whose loop is never busy,
 * tells copies from a second Ctrl-C.
 */

export type SignalVerdict = 'stop' | 'force';

/** What a signal means when the server is (`stopping`) or is not yet stopping. */
export const judgeSignal = (stopping: boolean): SignalVerdict => (stopping ? 'force' : 'stop');

/** The exit status after a forced stop (a second Ctrl-C), as a shell reports a process ended by SIGINT. */
export const FORCED_EXIT_STATUS = 130;

export interface SignalActions {
  /** The first signal: stop gracefully; the promise settles when the server has stopped. */
  stop(signal: NodeJS.Signals): Promise<void>;
  /** A second signal while stopping: stop now. */
  hurry(signal: NodeJS.Signals): void;
}

/** Handles SIGINT and SIGTERM on `proc` from now on, every one of them; returns a function that stops handling them. */
export function handleStopSignals(actions: SignalActions, proc: NodeJS.EventEmitter = process): () => void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (judgeSignal(stopping) === 'force') return actions.hurry(signal);
    stopping = true;
    void actions.stop(signal);
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];
  for (const signal of signals) proc.on(signal, onSignal);
  return () => {
    for (const signal of signals) proc.off(signal, onSignal);
  };
}
