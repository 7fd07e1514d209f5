import {
  SKILL_ANALYSIS_BASE,
  SKILL_ASSESSMENT_BASE,
  type SkillAssessmentAnalysis,
  type StaffOption,
  type StaffSelectQuery,
  SKILL_CANDIDATE_BASE,
  type ListResult,
  type ListSkillAssessmentQuery,
  type MySkillAssessmentView,
  type SkillAssessmentInput,
  type SkillAssessmentListItem,
  type SkillAssessmentView,
} from '@kaoshi/shared';
import { request, type CallOptions, type ListCall } from './request';

// Skills operation assessments (docs/features/skills.md): apps/server/src/modules/skills/assessment.*.

export type AssessmentQuery = ListCall<ListSkillAssessmentQuery>;
/** An assessment as the editor sends it (the server fills the defaults). */
export type AssessmentBody = SkillAssessmentInput;

export const listAssessments = (query: AssessmentQuery) =>
  request.get<ListResult<SkillAssessmentListItem>>(
    `${SKILL_ASSESSMENT_BASE}/listAssessment`,
    query,
  );
/** Enabled staff holding `key`: examiners (SKILLS-SCORE), chief and checker (SKILLS-CHECK). */
export const listStaffForSelect = (query: StaffSelectQuery) =>
  request.get<StaffOption[]>(`${SKILL_ASSESSMENT_BASE}/listStaffForSelect`, query);
export const getAssessment = (id: number) =>
  request.get<SkillAssessmentView>(`${SKILL_ASSESSMENT_BASE}/getAssessmentById/${id}`);
export const addAssessment = (body: AssessmentBody, options?: CallOptions) =>
  request.post<{ id: number }>(`${SKILL_ASSESSMENT_BASE}/addAssessment`, body, options);
/** Drafts only (10004 once published); the sheet is frozen again. */
export const updateAssessment = (id: number, body: AssessmentBody, options?: CallOptions) =>
  request.put<null>(`${SKILL_ASSESSMENT_BASE}/updateAssessment`, { id, ...body }, options);
export const deleteAssessment = (id: number) =>
  request.delete<null>(`${SKILL_ASSESSMENT_BASE}/deleteAssessment/${id}`);
/** Seats the candidates; refused with the reason (too few places: the number missing). */
export const publishAssessment = (id: number, options?: CallOptions) =>
  request.post<{ candidates: number }>(
    `${SKILL_ASSESSMENT_BASE}/publishAssessment/${id}`,
    undefined,
    options,
  );
export const closeAssessment = (id: number) =>
  request.post<null>(`${SKILL_ASSESSMENT_BASE}/closeAssessment/${id}`);

/** The signed-in student's seats in published assessments (admission notices, "My exams"). */
export const listMyAssessments = (options?: CallOptions) =>
  request.get<MySkillAssessmentView[]>(
    `${SKILL_CANDIDATE_BASE}/listMyAssessments`,
    undefined,
    options,
  );

/** Pass rate, failed totals, facility and agreement per item, examiners' deviations. */
export const getAssessmentAnalysis = (assessmentId: number) =>
  request.get<SkillAssessmentAnalysis>(`${SKILL_ANALYSIS_BASE}/getAssessmentAnalysis`, {
    assessmentId,
  });
