import { ApiStatus, EVENT_REFILL_MS, SocketEvent, type EventAck } from '@kaoshi/shared';
import type { Socket } from 'socket.io-client';
import type { QueuedEvent } from './offline-tables';
import type { OfflineAttempts } from './offline-attempt';

/** What became of one queued event: the server has it (or refused it for good), or not yet. */
export type EventOutcome = 'done' | 'tooFast' | 'later';

/**
 * Sends the integrity events raised offline, oldest first, each with its own time: the server
 * logs them then and never counts them as leaving. Too fast for the server's limit, it waits a
 * refill and goes on; no answer (or `live` false: the page lost the connection), the rest wait
 * for the next join. Answers how many the server took.
 */
export function drainEvents(
  kept: Pick<OfflineAttempts, 'queuedEvents' | 'eventDone'>,
  attemptId: number,
  send: (event: QueuedEvent) => Promise<EventOutcome>,
  live: () => boolean,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<number> {
  // One drain at a time per attempt (joins may follow each other): the next reads what is left.
  const run = (draining.get(attemptId) ?? Promise.resolve(0))
    .catch(() => 0)
    .then(() => drain(kept, attemptId, send, live, wait));
  draining.set(attemptId, run);
  return run;
}

const draining = new Map<number, Promise<number>>();

async function drain(
  kept: Pick<OfflineAttempts, 'queuedEvents' | 'eventDone'>,
  attemptId: number,
  send: (event: QueuedEvent) => Promise<EventOutcome>,
  live: () => boolean,
  wait: (ms: number) => Promise<void>,
): Promise<number> {
  let sent = 0;
  for (const event of await kept.queuedEvents(attemptId)) {
    for (;;) {
      if (!live()) return sent;
      const outcome = await send(event);
      if (outcome === 'done') break;
      if (outcome === 'later') return sent;
      await wait(EVENT_REFILL_MS);
    }
    await kept.eventDone(event.key);
    sent += 1;
  }
  return sent;
}

/** One queued event over the page's socket (attempt:event with its time). */
export function sendOverSocket(socket: Socket, timeoutMs: number) {
  return async (event: QueuedEvent): Promise<EventOutcome> => {
    let ack: EventAck;
    try {
      ack = (await socket.timeout(timeoutMs).emitWithAck(SocketEvent.EVENT, {
        attemptId: event.attemptId,
        type: event.type,
        at: event.at,
      })) as EventAck;
    } catch {
      return 'later';
    }
    if (ack.ok) return 'done';
    // Refused for good (the attempt ended, the page no longer holds it): resending would loop.
    return ack.code === ApiStatus.TOO_MANY_REQUESTS ? 'tooFast' : 'done';
  };
}
