import {
  answerFileName,
  sealAnswerFile,
  type AnswerValue,
  type AttemptView,
  type ClientEventType,
} from '@kaoshi/shared';
import type { OutboxEntry } from '../../components/outbox/idb-outbox';

/** What the file is made of: the answers and events waiting on this device. */
export interface AnswerFileSource {
  view: Pick<AttemptView, 'attemptId' | 'answerFileKey' | 'candidate'>;
  waiting: readonly OutboxEntry<string, AnswerValue>[];
  events: readonly { type: ClientEventType; at: string }[];
  /** The server's time now as the page counts it (ISO). */
  serverNow: string;
}

/**
 * The encrypted answer file of the answers still waiting for the server (docs/features/
 * answer-file.md), sealed with the attempt's key, made without the network. An answer kept
 * before the outbox recorded times carries the file's time.
 */
export async function makeAnswerFile({ view, waiting, events, serverNow }: AnswerFileSource) {
  const text = await sealAnswerFile(view.answerFileKey, {
    attemptId: view.attemptId,
    madeAt: serverNow,
    answers: waiting.map((entry) => ({
      itemId: entry.itemId,
      seq: entry.seq,
      value: entry.value,
      at: entry.at ?? serverNow,
    })),
    events: events.map((event) => ({ type: event.type, at: event.at })),
  });
  return { fileName: answerFileName(view.candidate.ticketNumber, view.attemptId), text };
}
