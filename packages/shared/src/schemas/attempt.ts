import type { PageAccommodation } from './accommodation.js';
import { z } from 'zod';
import type { CertLevel } from '../structure.js';
import { dbId } from './common.js';
import { EXAM_ACCESS_CODE_MAX, type CandidateStatusCode, type ShowResult } from './exam.js';
import type { CandidateItem, PaperItemKey } from './paper.js';

/**
 * Taking exams (docs/features/taking-an-exam.md, DESIGN.md "The exam lifecycle"): a candidate's attempt, the answers
 * it saves over socket.io (or HTTP when the socket cannot connect), submitting and the receipt.
 * Times are ISO-8601 UTC from the server's clock; durations in milliseconds.
 */

// Plain constants live apart from the schemas so the sign-in page can name them without zod.
export { ATTEMPT_BASE, LIVE_TOKEN_HEADER } from './attempt-paths.js';
/** socket.io's path: under /api so that one proxy rule serves both. */
export const SOCKET_PATH = '/api/socket.io';
/** Saves arriving this long after the deadline are still taken (messages in flight). */
export const SAVE_GRACE_MS = 2000;
/** Answers one saveAnswers call or one resend may carry. */
export const SAVE_BATCH_MAX = 500;
/** Characters of a short answer or a link task's answer. */
export const ANSWER_TEXT_MAX = 20_000;
/** Characters of one blank's answer. */
export const ANSWER_BLANK_MAX = 200;

/**
 * Integrity events: what a client reports, and what the server notices itself. page_hidden and
 * fullscreen_left start an absence; page_back (visible again, in full screen where the exam asks
 * for it) ends it; link_task_opened comes just before the page opens a link task's own tab, whose
 * hiding of the page is no absence. left_page is the server's: an absence outlasted the grace.
 */
export const CLIENT_EVENT_TYPES = [
  'page_hidden',
  'fullscreen_left',
  'paste',
  'page_back',
  'link_task_opened',
] as const;
export type ClientEventType = (typeof CLIENT_EVENT_TYPES)[number];
export const ATTEMPT_EVENT_TYPES = [
  ...CLIENT_EVENT_TYPES,
  'address_changed',
  'takeover',
  'joined',
  'left_page',
  /** A save, submit or event from an address outside the exam's allow-list (refused). */
  'address_refused',
] as const;
export type AttemptEventType = (typeof ATTEMPT_EVENT_TYPES)[number];

/** Why an attempt ended. */
export const FINISH_REASONS = [
  'submitted',
  'deadline',
  'leave_limit',
  'proctor_submit',
  /** Ended by an irregularity's termination (docs/features/irregularities.md). */
  'terminated',
] as const;
export type FinishReason = (typeof FINISH_REASONS)[number];

/** An item of the delivered paper: s1q3 (a fixed question), s1p12 (drawn from a pool). */
export const itemIdSchema = z.string().regex(/^s\d{1,3}[qp]\d{1,5}$/);

/**
 * An answer as the candidate gives it: single 'B', multiple 'ACD', judgement 'T'/'F' (letters
 * as shown to this candidate); fill-in one string per blank; short answer and link task text.
 * '' or [] clears an answer.
 */
export const answerValueSchema = z.union([
  z.string().max(ANSWER_TEXT_MAX),
  z.array(z.string().max(ANSWER_BLANK_MAX)).max(20),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const answerSaveSchema = z.object({
  itemId: itemIdSchema,
  /** The client's counter per item: a save with a lower or equal seq than stored is ignored. */
  seq: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
  value: answerValueSchema,
});
export type AnswerSave = z.infer<typeof answerSaveSchema>;

export const startAttemptBody = z.object({
  examId: dbId,
  accessCode: z.string().trim().max(EXAM_ACCESS_CODE_MAX).default(''),
});
export type StartAttemptInput = z.infer<typeof startAttemptBody>;

/** Wrong access codes in a row that lock the candidate's start (docs/operations/security.md). */
export const ACCESS_CODE_TRIES = 5;
/** How long such a lock lasts. */
export const ACCESS_LOCK_MINUTES = 10;

/** openNotice: the candidate opened the exam's notice (the server's clock starts its reading time). */
export const openNoticeBody = z.object({ examId: dbId });
export interface NoticeOpened {
  openedAt: string;
  /** Seconds still to read before startAttempt is accepted (0: may start). */
  remainingSeconds: number;
}

export const saveAnswersBody = z.object({
  attemptId: dbId,
  answers: z.array(answerSaveSchema).min(1).max(SAVE_BATCH_MAX),
});
export type SaveAnswersInput = z.infer<typeof saveAnswersBody>;

/** takeBreak, endBreak: the candidate's own running attempt (docs/features/accommodations.md "Rest breaks"). */
export const breakBody = z.object({ attemptId: dbId });

export const logEventBody = z.object({
  attemptId: dbId,
  type: z.enum(CLIENT_EVENT_TYPES),
  /**
   * An event the page raised while offline and sends now: when it happened, on the server's
   * clock as the page counted it. Logged at that time (within the attempt), it never starts or
   * ends an absence: the page was offline, which is never counted as leaving.
   */
  at: z.iso.datetime({ offset: true }).optional(),
});
export type LogEventInput = z.infer<typeof logEventBody>;

/** What the candidate may see of their result, as the exam's policy allows (points). */
export interface AttemptResult {
  /** Automatically scored questions. */
  objectiveScore: number;
  /** Known once marking is done and released; null before. */
  score: number | null;
  total: number;
  passScore: number;
  passed: boolean | null;
  /** Questions a marker still has to score. */
  pendingMarking: number;
}

/** One section's score in getResult, once the scores are released. */
export interface ResultSectionView {
  title: string;
  /** Points earned; null while a question of it is still being marked. */
  score: number | null;
  /** Points available. */
  total: number;
}

/**
 * One question as the candidate reviews it (getResult, only when the scores are released and the
 * exam allows review): the question as they saw it, their answer, the points and the key.
 */
export interface ReviewItem extends CandidateItem {
  /** The candidate's answer as they gave it (letters as shown to them); null when unanswered. */
  answer: AnswerValue | null;
  /** Points earned. */
  earned: number | null;
  /** The key as it stands after any correction (option letters as shown to this candidate). */
  key: PaperItemKey;
  /** The key was corrected after the exam; the reason is shown beside it. */
  correction: { reason: string; at: string } | null;
  /** The marker's comment on a marked question; '' when none. */
  comment: string;
}

/**
 * GET getResult/{attemptId}: the candidate's own finished attempt. Before release only what the
 * exam's policy allows (`result`, possibly null); sections and review only after release.
 */
export interface AttemptResultView {
  attemptId: number;
  examId: number;
  examName: string;
  startedAt: string;
  finishedAt: string;
  finishReason: FinishReason;
  showResult: ShowResult;
  allowReview: boolean;
  released: boolean;
  result: AttemptResult | null;
  /** After release; null before. */
  sections: ResultSectionView[] | null;
  /** After release, when the exam allows review; null otherwise. */
  review: { title: string; items: ReviewItem[] }[] | null;
}

/** One of a student's exams in listMyExams. */
export interface MyExamView {
  examId: number;
  name: string;
  subjectName: string;
  level: CertLevel;
  startAt: string;
  endAt: string;
  durationMinutes: number;
  /** Minutes of extra time this candidate has. */
  extraMinutes: number;
  /** No one may start after this (late-entry policy); null: until the window closes. */
  lateEntryUntil: string | null;
  /** upcoming: before the window; open: may start or continue; finished: submitted, closed or missed. */
  state: 'upcoming' | 'open' | 'finished';
  status: CandidateStatusCode;
  accessCodeRequired: boolean;
  /** The notice to read before starting, with its minimum reading time. */
  notice: { title: string; body: string; minReadSeconds: number } | null;
  attempt: {
    id: number;
    deadline: string;
    finishedAt: string | null;
    finishReason: FinishReason | null;
  } | null;
  showResult: ShowResult;
  result: AttemptResult | null;
}

export interface MyExamsView {
  serverNow: string;
  exams: MyExamView[];
}

export interface SavedAnswer {
  itemId: string;
  seq: number;
  value: AnswerValue;
}

/** Everything the exam page needs: from startAttempt, getAttempt and attempt:join. */
export interface AttemptView {
  attemptId: number;
  examId: number;
  examName: string;
  candidate: { name: string; ticketNumber: string; photo: string };
  serverNow: string;
  deadline: string;
  remainingMs: number;
  /** Submitting is refused before this instant (minimum time). */
  submitAfter: string;
  fullscreen: boolean;
  /** Leaving the page more often than this submits the attempt; 0: not counted. */
  leaveLimit: number;
  leaveCount: number;
  paper: DeliveredPaper;
  answers: SavedAnswer[];
  finished: Receipt | null;
  /** A proctor has paused the attempt: the page hides the paper and stops the clock. */
  paused: AttemptPause | null;
  /** The candidate's accommodations (docs/features/accommodations.md): font, layout, extra time. */
  accommodation: PageAccommodation;
  /**
   * The attempt's own key for the encrypted answer file (base64 of 32 bytes; answer-file.ts): the
   * page seals the file offline with it. Another attempt's key is another.
   */
  answerFileKey: string;
  /** Rest breaks the attempt was given at start (allowed 0: none). */
  breaks: BreakAllowance;
}

/** An attempt's rest breaks: how many it was given, of how many minutes each, how many taken. */
export interface BreakAllowance {
  allowed: number;
  taken: number;
  minutes: number;
}

/**
 * An attempt paused by a proctor (docs/features/proctoring.md "Pausing"): since when (the
 * server's clock) and why. The clock stands still: the time left is `deadline − since`.
 */
export interface AttemptPause {
  since: string;
  reason: string;
  /**
   * Set when the candidate is on a rest break (not a proctor's pause): when it runs out, by the
   * server's clock. The break is then ended for them, the deadline moved by its minutes.
   */
  breakUntil?: string;
}

/** takeBreak's answer: the break going on, the clock stopped at `remainingMs`. */
export interface BreakTaken {
  since: string;
  breakUntil: string;
  remainingMs: number;
  breaks: BreakAllowance;
}

/** endBreak's answer: the deadline moved by the break's length (`givenBackMs`). */
export interface BreakEnded {
  deadline: string;
  remainingMs: number;
  givenBackMs: number;
  breaks: BreakAllowance;
}

/** attempt:paused: the attempt was paused; the time left stands at `remainingMs`. */
export interface PauseMessage extends AttemptPause {
  deadline: string;
  remainingMs: number;
}

/** attempt:resumed: the pause ended; the deadline moved by the time given back. */
export interface ResumeMessage {
  deadline: string;
  remainingMs: number;
  /** How long this pause lasted, and how much of it the deadline got back (the limit caps it). */
  pausedMs: number;
  givenBackMs: number;
}

/** The paper as this candidate sits it: their order, their option letters, no keys. */
export interface DeliveredPaper {
  name: string;
  /** Points. */
  total: number;
  sections: { title: string; description: string; items: CandidateItem[] }[];
}

export type SaveAck =
  | { itemId: string; seq: number; ok: true }
  | { itemId: string; seq: number; ok: false; code: number; message: string };

export interface SaveAnswersResult {
  remainingMs: number;
  acks: SaveAck[];
}

/** What the candidate keeps after the attempt ends. */
export interface Receipt {
  attemptId: number;
  finishedAt: string;
  finishReason: FinishReason;
  answeredCount: number;
  itemCount: number;
  /**
   * 16 characters (RECEIPT_ALPHABET) of an HMAC-SHA256, under a key only the server holds, over
   * the attempt, the candidate and the answers as stored: staff can check it (checkReceipt).
   */
  receiptCode: string;
  result: AttemptResult | null;
}

export interface LogEventResult {
  leaveCount: number;
  leaveLimit: number;
  /** The attempt was submitted for the candidate (past the exam's limit). */
  finished: Receipt | null;
}

/** socket.io events (DESIGN.md "An acknowledged answer is never lost"). */
export const SocketEvent = {
  JOIN: 'attempt:join',
  SAVE: 'answer:save',
  SUBMIT: 'attempt:submit',
  EVENT: 'attempt:event',
  TIME: 'attempt:time',
  TAKEN_OVER: 'attempt:taken-over',
  FINALIZED: 'attempt:finalized',
  /** The session of this connection ended (logout, password reset, account disabled): it is cut. */
  SESSION_ENDED: 'session:ended',
  /** A proctor paused the attempt: a PauseMessage. */
  PAUSED: 'attempt:paused',
  /** A proctor resumed it: a ResumeMessage. */
  RESUMED: 'attempt:resumed',
  /** The invigilator started the candidate's room (a waiting page may Start now): a RoomStartedMessage. */
  ROOM_STARTED: 'room:started',
  /** The invigilator confirmed the candidate at the door (a waiting page may Start now): a CheckedInMessage. */
  CHECKED_IN: 'candidate:checkedIn',
} as const;

/**
 * What a Start refused by the invigilator's gates waits for, in the refusal's `data.wait`
 * (docs/features/invigilation.md): the check-in at the door, or the room's start.
 */
export type StartWait = 'checkIn' | 'roomStart';
export const START_WAITS: readonly StartWait[] = ['checkIn', 'roomStart'];
export interface StartWaitData {
  wait: StartWait;
  /** The invigilator refused the check-in (the message says why); they may confirm it later. */
  refused?: boolean;
  /** Waiting for the room's start: the times the waiting page shows. */
  timing?: StartWaitTiming;
}

/** A candidate held until their room is started: their window and minutes, by the server. */
export interface StartWaitTiming {
  /** The candidate's window: their session's, else the exam's. */
  startAt: string;
  endAt: string;
  /** Their minutes (duration, extra time, accommodations), counted from the room's start. */
  minutes: number;
  /** Their session (场次), if they have one. */
  session: { name: string; startAt: string; endAt: string } | null;
}

/** The invigilator confirmed (or refused) the candidate's identity at the door. */
export interface CheckedInMessage {
  examId: number;
  confirmed: boolean;
}

export interface RoomStartedMessage {
  examId: number;
  startedAt: string;
}

/** attempt:event per connection: this many at once, then one more every EVENT_REFILL_MS. */
export const EVENT_BURST = 20;
export const EVENT_REFILL_MS = 3000;

/** An acknowledgement that refuses: the envelope's status code and the message in the user's language. */
export interface SocketRefusal {
  ok: false;
  code: number;
  message: string;
}
/**
 * attempt:join's answer: the server's clock and the answers as stored. The paper itself came with
 * startAttempt or getAttempt; a join (every reconnect of thousands at once) does not send it again.
 */
export interface JoinView {
  attemptId: number;
  serverNow: string;
  deadline: string;
  remainingMs: number;
  leaveCount: number;
  leaveLimit: number;
  answers: SavedAnswer[];
  /** Set once the attempt has ended: its receipt. */
  finished: Receipt | null;
  /** What the page's HTTP calls carry in LIVE_TOKEN_HEADER while it holds the attempt. */
  liveToken?: string;
  /** Paused by a proctor: the page shows why and since when, the clock stopped. */
  paused: AttemptPause | null;
  /** The candidate's accommodations as they stand now (a change shows at the next join). */
  accommodation?: PageAccommodation;
  /** The attempt's rest breaks (taken ones counted anew at each join). */
  breaks?: BreakAllowance;
}
export type JoinAck = ({ ok: true } & JoinView) | SocketRefusal;
export type SaveAckMessage = { ok: true; seq: number; remainingMs: number } | SocketRefusal;
export type SubmitAck = { ok: true; receipt: Receipt } | SocketRefusal;
export type EventAck = ({ ok: true } & LogEventResult) | SocketRefusal;
/** attempt:time: the deadline moved (extra time, the window changed). */
export interface TimeMessage {
  deadline: string;
  remainingMs: number;
  /** Whole minutes the deadline moved by (negative: earlier), for the page to say so. */
  changedMinutes: number;
}

/** A receipt code's characters: no 0/O, 1/I/L or U, so a code read aloud or copied survives. */
export const RECEIPT_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECEIPT_CODE_LENGTH = 16;
/** A receipt code as people read it: groups of four (ABCD-EFGH-…). */
export const groupReceiptCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;
/** What someone typed as a receipt code: capitals, without spaces or dashes. */
export const normalReceiptCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '');
