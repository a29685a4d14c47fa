/**
 * How the server process answers SIGINT and SIGTERM.
 *
 * A handler registered with `process.once` left a second copy of a signal to Node's default
 * action, which killed the server at once: no "stopped" line, and PGlite left to crash recovery on
 * the next start. Ctrl-C on `npm start` used to reach the server up to three times (the terminal
 * signals the whole process group, npm passes it on, and so did the start script); the start script
 * now runs the server in a group of its own and passes each Ctrl-C on once (`scripts/start.mjs`).
 *
 * So every signal is handled: the first one stops the server gracefully; one arriving within
 * `SAME_SIGNAL_MS` of it is taken for a copy of it and changes nothing; a later one is a second
 * Ctrl-C and stops the server at once (in-flight requests are cut off, the database is still
 * closed) with exit status 130.
 */

/** Signals closer together than this are copies of one Ctrl-C, not a second one. */
export const SAME_SIGNAL_MS = 500;

export type SignalVerdict = 'stop' | 'copy' | 'force';

/** What a signal at `now` means when the first one came at `firstAt` (undefined: none yet). */
export const judgeSignal = (firstAt: number | undefined, now: number, sameWithinMs = SAME_SIGNAL_MS): SignalVerdict => {
  if (firstAt === undefined) return 'stop';
  return now - firstAt < sameWithinMs ? 'copy' : 'force';
};

/** The exit status after a forced stop (a second Ctrl-C), as a shell reports a process ended by SIGINT. */
export const FORCED_EXIT_STATUS = 130;

export interface SignalActions {
  /** The first signal: stop gracefully; the promise settles when the server has stopped. */
  stop(signal: NodeJS.Signals): Promise<void>;
  /** A second signal while stopping: stop now. */
  hurry(signal: NodeJS.Signals): void;
  /** A copy of the first signal, ignored. */
  ignored?(signal: NodeJS.Signals): void;
}

/** Handles SIGINT and SIGTERM on `proc` from now on, every one of them; returns a function that stops handling them. */
export function handleStopSignals(actions: SignalActions, proc: NodeJS.EventEmitter = process, now: () => number = Date.now): () => void {
  let firstAt: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    const verdict = judgeSignal(firstAt, now());
    if (verdict === 'stop') {
      firstAt = now();
      void actions.stop(signal);
    } else if (verdict === 'copy') actions.ignored?.(signal);
    else actions.hurry(signal);
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];
  for (const signal of signals) proc.on(signal, onSignal);
  return () => {
    for (const signal of signals) proc.off(signal, onSignal);
  };
}
