import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The control lane (docs/features/proctoring.md "Pausing"): a proctor's or invigilator's pause
 * and resume must not queue for a database connection behind hundreds of answer saves and starts
 * of an exam storm. On PostgreSQL every query made while `inControlLane` holds takes its
 * connection from a small pool of its own (DATABASE_CONTROL_POOL_SIZE); on SQLite (one
 * connection) its calls come first when the connection is handed on. A route opts in with
 * `config: { controlLane: true }` (app.ts runs its whole request, session lookup included, in it).
 */
const lane = new AsyncLocalStorage<true>();

/** Runs `call` (and everything it awaits) in the control lane. */
export const inControlLane = <T>(call: () => T): T => lane.run(true, call);

/** Runs `call` outside it: work started here for others (a batch of saves) takes the main pool. */
export const outsideControlLane = <T>(call: () => T): T => lane.exit(call);

/** Whether the current call runs in the control lane. */
export const onControlLane = (): boolean => lane.getStore() === true;
