import {
  ATTEMPT_BASE,
  LIVE_TOKEN_HEADER,
  type AttemptView,
  type BreakEnded,
  type BreakTaken,
  type ClientEventType,
  type LogEventResult,
  type MyExamsView,
  type NoticeOpened,
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
/** The candidate opened the exam's notice: the server's clock starts its reading time. */
export const openNotice = (examId: number, options?: CallOptions) =>
  request.post<NoticeOpened>(`${ATTEMPT_BASE}/openNotice`, { examId }, options);

/**
 * The exam page's HTTP calls carry the live token its socket's join answered ('' before any):
 * the server takes them only from the page that holds the attempt.
 */
export interface PageCall extends CallOptions {
  liveToken: string;
}
const fromPage = ({ liveToken, ...options }: PageCall) => ({
  ...options,
  headers: { [LIVE_TOKEN_HEADER]: liveToken },
});
/** The socket's fallback: the same batch, one ack per answer, after commit. */
export const saveAnswers = (body: SaveAnswersInput, options: PageCall) =>
  request.post<SaveAnswersResult>(`${ATTEMPT_BASE}/saveAnswers`, body, fromPage(options));
/** Submit (idempotent): the receipt. */
export const submitAttempt = (id: number, options: PageCall) =>
  request.post<Receipt>(`${ATTEMPT_BASE}/submitAttempt/${id}`, undefined, fromPage(options));
export const logAttemptEvent = (attemptId: number, type: ClientEventType, options: PageCall) =>
  request.post<LogEventResult>(`${ATTEMPT_BASE}/logEvent`, { attemptId, type }, fromPage(options));
/** Take one of the attempt's rest breaks: the paper is hidden and the clock stops. */
export const takeBreak = (attemptId: number, options: PageCall) =>
  request.post<BreakTaken>(`${ATTEMPT_BASE}/takeBreak`, { attemptId }, fromPage(options));
/** End the rest break: the deadline moves by its length. */
export const endBreak = (attemptId: number, options: PageCall) =>
  request.post<BreakEnded>(`${ATTEMPT_BASE}/endBreak`, { attemptId }, fromPage(options));
