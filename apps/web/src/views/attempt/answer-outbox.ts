import type { AnswerValue } from '@kaoshi/shared';
import { idbOutbox } from '../../components/outbox/idb-outbox';

/** The answers of an attempt the server has not acknowledged (components/outbox/idb-outbox.ts). */
export const answerOutbox = idbOutbox<string, AnswerValue>('kaoshi-attempt', 'attemptId');
