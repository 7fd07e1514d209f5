import type { SkillAssessmentStatus } from '@kaoshi/shared';

/** Where the assessment screens live, and their TanStack Query keys. */
export const ASSESSMENT_LIST_PATH = '/skills/assessmentManage';
export const ASSESSMENT_EDIT_PATH = '/skills/assessmentEdit';
export const ASSESSMENT_ANALYSIS_PATH = '/skills/assessmentAnalysis';

export const assessmentKeys = {
  all: ['skillAssessment'] as const,
  list: ['skillAssessment', 'list'] as const,
  one: (id: number) => ['skillAssessment', 'one', id] as const,
  analysis: (id: number) => ['skillAssessment', 'analysis', id] as const,
};

export const STATUS_COLORS: Record<SkillAssessmentStatus, string> = {
  draft: 'default',
  published: 'green',
  closed: 'purple',
};
