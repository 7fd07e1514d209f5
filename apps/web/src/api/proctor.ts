import {
  PROCTOR_BASE,
  type LiveExamView,
  type ProctorActionResult,
  type ProctorCandidateEvents,
  type ProctorExtraTimeBody,
  type ProctorMessageBody,
  type ProctorMessageResult,
  type ProctorPauseBody,
  type ProctorPauseExamBody,
  type ProctorPauseExamResult,
  type ProctorPausesView,
  type ProctorReceiptCheck,
  type ProctorReopenBody,
  type ProctorSubmitBody,
} from '@kaoshi/shared';
import { request } from './request';
import { downloadFile } from './transfer';

/** An exam as it runs: counts and a row per candidate (never what they answered). */
export const getLiveExam = (examId: number) =>
  request.get<LiveExamView>(`${PROCTOR_BASE}/liveExam/${examId}`);
/** One candidate's integrity events and the proctors' actions about them, newest first. */
export const getCandidateEvents = (examId: number, studentId: number) =>
  request.get<ProctorCandidateEvents>(`${PROCTOR_BASE}/candidateEvents`, { examId, studentId });

export const proctorExtraTime = (body: ProctorExtraTimeBody) =>
  request.post<ProctorActionResult>(`${PROCTOR_BASE}/extraTime`, body);
export const proctorSubmit = (body: ProctorSubmitBody) =>
  request.post<ProctorActionResult>(`${PROCTOR_BASE}/submitAttempt`, body);
export const proctorReopen = (body: ProctorReopenBody) =>
  request.post<ProctorActionResult>(`${PROCTOR_BASE}/reopenAttempt`, body);
/** To one candidate (studentId) or to every candidate still answering. */
export const sendProctorMessage = (body: ProctorMessageBody) =>
  request.post<ProctorMessageResult>(`${PROCTOR_BASE}/sendMessage`, body);

/** Pausing (power cut, network fault): the paused time is given back on resume. */
export const proctorPause = (body: ProctorPauseBody) =>
  request.post<ProctorActionResult>(`${PROCTOR_BASE}/pauseAttempt`, body);
export const proctorResume = (body: ProctorPauseBody) =>
  request.post<ProctorActionResult>(`${PROCTOR_BASE}/resumeAttempt`, body);
export const proctorPauseExam = (body: ProctorPauseExamBody) =>
  request.post<ProctorPauseExamResult>(`${PROCTOR_BASE}/pauseExam`, body);
export const proctorResumeExam = (body: ProctorPauseExamBody) =>
  request.post<ProctorPauseExamResult>(`${PROCTOR_BASE}/resumeExam`, body);
/** The attempts ever paused: since, minutes, given back, and whether to reschedule. */
export const getPauses = (examId: number) =>
  request.get<ProctorPausesView>(`${PROCTOR_BASE}/pauses/${examId}`);

/** A receipt code a candidate shows: whose it is, and whether their stored answers still give it. */
export const checkReceipt = (examId: number, code: string) =>
  request.post<ProctorReceiptCheck>(`${PROCTOR_BASE}/checkReceipt`, { examId, code });

/** The event log as .xlsx, headers in the UI's language. */
export const exportEventLog = (examId: number, fallbackName: string) =>
  downloadFile(`${PROCTOR_BASE}/exportEventLog/${examId}`, {}, fallbackName);
