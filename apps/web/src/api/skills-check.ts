import {
  SKILLS_CHECK_BASE,
  type CandidateSheetsView,
  type CheckAssessmentView,
  type DecideCandidateBody,
  type ReopenSheetBody,
  type CheckCandidateView,
} from '@kaoshi/shared';
import { request, type CallOptions } from './request';
import { downloadFile } from './transfer';

// The chief examiner's and the score checker's desk (docs/features/skills.md §3):
// apps/server/src/modules/skills/check.service.ts.

/** Assessments where I am the chief examiner or the checker, with candidates by state. */
export const listMyCheckAssessments = () =>
  request.get<CheckAssessmentView[]>(`${SKILLS_CHECK_BASE}/listMyAssessments`);
export const listCheckCandidates = (assessmentId: number) =>
  request.get<CheckCandidateView[]>(`${SKILLS_CHECK_BASE}/listCandidates/${assessmentId}`);
/** Every examiner's sheet of the candidate, side by side. */
export const getCandidateSheets = (candidateId: number) =>
  request.get<CandidateSheetsView>(`${SKILLS_CHECK_BASE}/getCandidateSheets/${candidateId}`);
/** The chief sends a signed sheet back to its examiner, with a reason. */
export const reopenSheet = (body: ReopenSheetBody, options?: CallOptions) =>
  request.post<CandidateSheetsView>(`${SKILLS_CHECK_BASE}/reopenSheet`, body, options);
/** The chief decides a dispute: the final score (0 with a veto) and the reason. */
export const decideCandidate = (body: DecideCandidateBody, options?: CallOptions) =>
  request.post<CandidateSheetsView>(`${SKILLS_CHECK_BASE}/decide`, body, options);
/** The checker rechecks the sums and signs: the score is final. */
export const checkCandidate = (candidateId: number) =>
  request.post<CandidateSheetsView>(`${SKILLS_CHECK_BASE}/checkCandidate/${candidateId}`);
/** The filled 评分记录表 as a PDF, saved under the server's file name. */
export const downloadSheetPdf = (assessmentId: number, candidateId: number) =>
  downloadFile(
    `${SKILLS_CHECK_BASE}/getSheetPdf`,
    { assessmentId, candidateId },
    `scoring-sheet-${candidateId}.pdf`,
  );
