import type { SkillCandidateState } from '@kaoshi/shared';

/** TanStack Query keys of the chief's and checker's desk. */
export const checkKeys = {
  lists: ['skillCheck'] as const,
  assessments: ['skillCheck', 'assessments'] as const,
  candidates: (assessmentId: number) => ['skillCheck', 'candidates', assessmentId] as const,
  sheets: (candidateId: number) => ['skillCheckSheets', candidateId] as const,
};

export const STATE_COLORS: Record<SkillCandidateState, string> = {
  scoring: 'default',
  disputed: 'red',
  agreed: 'blue',
  decided: 'orange',
  checked: 'green',
};
