import {
  ATTEMPT_BASE,
  MARKING_BASE,
  type ArbitrationView,
  type AttemptResultView,
  type AuditGroupBody,
  type AuditSampleView,
  type CorrectKeyBody,
  type KeyCorrectionResult,
  type KeyItemView,
  type ListResult,
  type MarkerOption,
  type MarkingExamView,
  type MarkingPlanView,
  type MarkingProgressView,
  type NextAnswerResult,
  type ReleaseView,
  type ScoreAnswerBody,
  type ScoreAnswerResult,
  type ScoreLogEntry,
  type SetMarkingPlanBody,
} from '@kaoshi/shared';
import { request, type CallOptions } from './request';

/** Opened exams to mark: a chief's all, a marker's own, each with its plan. */
export const listMarkingExam = (query: { page: number; limit: number }) =>
  request.get<ListResult<MarkingExamView>>(`${MARKING_BASE}/listMarkingExam`, query);
/** Candidates, submitted, absent, and per question: answers, marked, arbitration, audit. */
export const getMarkingProgress = (examId: number, options?: CallOptions) =>
  request.get<MarkingProgressView>(
    `${MARKING_BASE}/getMarkingProgress/${examId}`,
    undefined,
    options,
  );
/** Enabled users who may mark (MARKINGPAPERS), by nickname or sign-in name: for a chief. */
export const listMarkers = (keyword: string, options?: CallOptions) =>
  request.get<MarkerOption[]>(`${MARKING_BASE}/listMarkers`, { keyword }, options);
export const setMarkingPlan = (body: SetMarkingPlanBody, options?: CallOptions) =>
  request.post<MarkingPlanView>(`${MARKING_BASE}/setMarkingPlan`, body, options);

/**
 * The desk: claims one unmarked answer of the question (a lease), or none left. In marking by
 * candidate `itemId` may be left out (the server hands the candidate's next question).
 */
export const nextAnswer = (body: { examId: number; itemId?: string }, options?: CallOptions) =>
  request.post<NextAnswerResult>(`${MARKING_BASE}/nextAnswer`, body, options);
export const scoreAnswer = (body: ScoreAnswerBody, options?: CallOptions) =>
  request.post<ScoreAnswerResult>(`${MARKING_BASE}/scoreAnswer`, body, options);

export const listArbitration = (query: { examId?: number; page: number; limit: number }) =>
  request.get<ListResult<ArbitrationView>>(`${MARKING_BASE}/listArbitration`, query);
export const arbitrate = (body: ScoreAnswerBody) =>
  request.post<ScoreAnswerResult>(`${MARKING_BASE}/arbitrate`, body);

export const getAuditSample = (query: { examId: number; itemId: string }) =>
  request.get<AuditSampleView>(`${MARKING_BASE}/getAuditSample`, query);
export const auditGroup = (body: AuditGroupBody) =>
  request.post<AuditSampleView | null>(`${MARKING_BASE}/auditGroup`, body);

/** The exam's objective questions with the key in force and its corrections (PUBLISHMANAGE). */
export const listKeyItems = (examId: number, options?: CallOptions) =>
  request.get<KeyItemView[]>(`${MARKING_BASE}/listKeyItems/${examId}`, undefined, options);
export const correctKey = (body: CorrectKeyBody) =>
  request.post<KeyCorrectionResult>(`${MARKING_BASE}/correctKey`, body);

export const listScoreLog = (query: {
  examId: number;
  answerId?: number;
  page: number;
  limit: number;
}) => request.get<ListResult<ScoreLogEntry>>(`${MARKING_BASE}/listScoreLog`, query);

/** The exam's release state and its history (PUBLISHMANAGE). */
export const getRelease = (examId: number, options?: CallOptions) =>
  request.get<ReleaseView>(`${MARKING_BASE}/getRelease/${examId}`, undefined, options);
export const releaseScores = (examId: number) =>
  request.post<ReleaseView>(`${MARKING_BASE}/releaseScores/${examId}`);
export const withdrawScores = (examId: number, reason: string) =>
  request.post<ReleaseView>(`${MARKING_BASE}/withdrawScores/${examId}`, { reason });

/** The student's own result: as the exam's policy allows; sections and review after release. */
export const getResult = (attemptId: number, options?: CallOptions) =>
  request.get<AttemptResultView>(`${ATTEMPT_BASE}/getResult/${attemptId}`, undefined, options);
