import {
  ATTEMPT_BASE,
  type AttemptView,
  type ClientEventType,
  type LogEventResult,
  type MyExamsView,
  type Receipt,
  type SaveAnswersInput,
  type SaveAnswersResult,
  type StartAttemptInput,
} from '@kaoshi/shared';
import { request, type CallOptions } from './request';

/** The signed-in student's exams (upcoming, open, finished) with the server's clock. */
export const listMyExams = (options?: CallOptions) =>
  request.get<MyExamsView>(`${ATTEMPT_BASE}/listMyExams`, undefined, options);
/** Start, or continue, an exam: the paper as this candidate sits it (never a key). */
export const startAttempt = (body: StartAttemptInput, options?: CallOptions) =>
  request.post<AttemptView>(`${ATTEMPT_BASE}/startAttempt`, body, options);
/** Resume: paper, saved answers and remaining time, from the server. */
export const getAttempt = (id: number, options?: CallOptions) =>
  request.get<AttemptView>(`${ATTEMPT_BASE}/getAttempt/${id}`, undefined, options);
/** The socket's fallback: the same batch, one ack per answer, after commit. */
export const saveAnswers = (body: SaveAnswersInput, options?: CallOptions) =>
  request.post<SaveAnswersResult>(`${ATTEMPT_BASE}/saveAnswers`, body, options);
/** Submit (idempotent): the receipt. */
export const submitAttempt = (id: number, options?: CallOptions) =>
  request.post<Receipt>(`${ATTEMPT_BASE}/submitAttempt/${id}`, undefined, options);
export const logAttemptEvent = (attemptId: number, type: ClientEventType, options?: CallOptions) =>
  request.post<LogEventResult>(`${ATTEMPT_BASE}/logEvent`, { attemptId, type }, options);
