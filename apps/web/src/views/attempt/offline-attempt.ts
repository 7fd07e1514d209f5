import type { AttemptView, ClientEventType, SavedAnswer } from '@kaoshi/shared';
import { mergeAnswers } from './answer-merge';
import {
  clockOfView,
  correctedClock,
  remainingAt,
  serverTimeAt,
  type ServerClock,
} from './offline-clock';
import type { KeptSession, OfflineTables, QueuedEvent } from './offline-tables';

/** A kept copy whose time is up this long ago goes even with answers waiting (they stay in the outbox). */
export const KEEP_AFTER_DEADLINE_MS = 24 * 60 * 60_000;
/** Integrity events kept per attempt while offline; later ones are not kept (a flood). */
export const QUEUED_EVENTS_MAX = 50;

export interface OpenedOffline {
  view: AttemptView;
  session: KeptSession | null;
}

/**
 * What the exam page keeps to open without network (docs/features/taking-an-exam.md "Offline"):
 * the paper as delivered, the answers the server acknowledged since, the server's clock as last
 * heard, and the integrity events raised offline. Every write goes through one queue, in order;
 * `now` is the device's clock (Date.now()).
 */
export function offlineAttempts(tables: OfflineTables, now: () => number = Date.now) {
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };
  /** The clocks this page knows, to stamp events without reading IndexedDB. */
  const clocks = new Map<number, ServerClock>();
  let eventSerial = 0;

  async function putAnswer(attemptId: number, answer: SavedAnswer) {
    const known = await tables.answers.get([attemptId, answer.itemId]);
    if (known && known.seq >= answer.seq) return;
    await tables.answers.put({
      attemptId,
      itemId: answer.itemId,
      seq: answer.seq,
      value: answer.value,
    });
  }

  async function answersOf(attemptId: number) {
    return (await tables.answers.all()).filter((row) => row.attemptId === attemptId);
  }

  /** The server's time now as this page counts it (ISO): when an event raised offline happened. */
  function serverNow(attemptId: number): string {
    const clock = clocks.get(attemptId);
    return new Date(clock ? serverTimeAt(clock, now()) : now()).toISOString();
  }

  async function forget(attemptId: number) {
    clocks.delete(attemptId);
    await tables.papers.delete(attemptId);
    await tables.clocks.delete(attemptId);
    for (const row of await answersOf(attemptId)) {
      await tables.answers.delete([attemptId, row.itemId]);
    }
    for (const event of await tables.events.all()) {
      if (event.attemptId === attemptId) await tables.events.delete(event.key);
    }
  }

  return {
    /**
     * The attempt as the server just delivered it (a page opened online): kept while it runs,
     * forgotten once it has ended.
     */
    keep(view: AttemptView, session: KeptSession | null) {
      return serial(async () => {
        if (view.finished) return forget(view.attemptId);
        const clock = clockOfView(view, now());
        clocks.set(view.attemptId, clock);
        await tables.papers.put({ attemptId: view.attemptId, view, session });
        await tables.clocks.put({ attemptId: view.attemptId, ...clock });
        for (const answer of view.answers) await putAnswer(view.attemptId, answer);
      });
    },

    /**
     * The kept attempt as a view the page renders without network: the paper as delivered,
     * every answer the server acknowledged, and the clock counted on from the server's last
     * word (serverNow and remainingMs now, remainingMs 0 once the time is up). The outbox's
     * answers are merged by the page as after any load.
     */
    open(attemptId: number): Promise<OpenedOffline | undefined> {
      return serial(async () => {
        const paper = await tables.papers.get(attemptId);
        if (!paper) return undefined;
        const clock = (await tables.clocks.get(attemptId)) ?? clockOfView(paper.view, now());
        clocks.set(attemptId, clock);
        const merged = mergeAnswers(paper.view.answers, await answersOf(attemptId));
        const answers = Object.entries(merged.values).map(([itemId, value]) => ({
          itemId,
          value,
          seq: merged.seqs[itemId]!,
        }));
        const localNow = now();
        return {
          session: paper.session,
          view: {
            ...paper.view,
            answers,
            serverNow: new Date(serverTimeAt(clock, localNow)).toISOString(),
            deadline: new Date(clock.serverMs + clock.remainingMs).toISOString(),
            remainingMs: Math.max(0, remainingAt(clock, localNow)),
          },
        };
      });
    },

    /** The kept session of an attempt (a reload offline opens the exam page in it). */
    session(attemptId: number) {
      return serial(async () => (await tables.papers.get(attemptId))?.session ?? null);
    },

    /** The server acknowledged an answer: written before the outbox lets it go. */
    acknowledged(attemptId: number, answer: SavedAnswer) {
      return serial(() => putAnswer(attemptId, answer));
    },

    /** The answers the server listed at a join. */
    serverAnswers(attemptId: number, answers: readonly SavedAnswer[]) {
      return serial(async () => {
        for (const answer of answers) await putAnswer(attemptId, answer);
      });
    },

    /** The server said the time left again; written when it differs from what the copy counts. */
    serverTime(attemptId: number, remainingMs: number) {
      const clock = clocks.get(attemptId);
      if (!clock) return Promise.resolve();
      const next = correctedClock(clock, remainingMs, now());
      if (!next) return Promise.resolve();
      clocks.set(attemptId, next);
      return serial(async () => {
        if (await tables.papers.get(attemptId)) await tables.clocks.put({ attemptId, ...next });
      });
    },

    serverNow,

    /** The attempt has ended (submitted, finalized): nothing of it stays on the device. */
    forget(attemptId: number) {
      return serial(() => forget(attemptId));
    },

    /**
     * Forgets the copies whose time is up: at once when no answer of theirs waits in the outbox
     * (`waiting`), a day later otherwise (the outbox keeps the answers still).
     */
    sweep(waiting: (attemptId: number) => Promise<boolean>) {
      return serial(async () => {
        const localNow = now();
        for (const clock of await tables.clocks.all()) {
          const left = remainingAt(clock, localNow);
          if (left > 0) continue;
          if (left > -KEEP_AFTER_DEADLINE_MS && (await waiting(clock.attemptId))) continue;
          await forget(clock.attemptId);
        }
      });
    },

    /** An integrity event raised offline, stamped with the server's time as counted here. */
    queueEvent(attemptId: number, type: ClientEventType) {
      const at = serverNow(attemptId);
      eventSerial += 1;
      const key = `${attemptId}-${String(now()).padStart(15, '0')}-${eventSerial}`;
      return serial(async () => {
        const queued = (await tables.events.all()).filter((row) => row.attemptId === attemptId);
        if (queued.length >= QUEUED_EVENTS_MAX) return;
        await tables.events.put({ key, attemptId, type, at });
      });
    },

    /** The events waiting for the attempt, oldest first. */
    queuedEvents(attemptId: number): Promise<QueuedEvent[]> {
      return serial(async () =>
        (await tables.events.all())
          .filter((row) => row.attemptId === attemptId)
          .sort((a, b) => a.at.localeCompare(b.at) || a.key.localeCompare(b.key)),
      );
    },

    /** The server has the event (or refused it for good). */
    eventDone(key: string) {
      return serial(() => tables.events.delete(key));
    },
  };
}

export type OfflineAttempts = ReturnType<typeof offlineAttempts>;
