/** Where the examiner's screens live, and their TanStack Query keys. */
export const EXAMINER_DESK_PATH = '/skills/examinerDesk';
export const SCORE_SHEET_PATH = '/skills/scoreSheet';

export const examinerKeys = {
  sessions: ['skillScoring', 'sessions'] as const,
  sheet: (candidateId: number) => ['skillScoring', 'sheet', candidateId] as const,
  photos: (candidateId: number) => ['skillScoring', 'photos', candidateId] as const,
};
