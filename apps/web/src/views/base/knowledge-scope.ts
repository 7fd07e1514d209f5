import type { CertLevel } from '@kaoshi/shared';
import { create } from 'zustand';
import { cascadeReset } from '../../components/structure';

/** The part of the structure that picks whose courses are shown. */
export const SCOPE_CHAIN = ['schoolId', 'departmentId', 'subjectId', 'level'] as const;

export interface ScopeValues {
  schoolId?: number;
  departmentId?: number;
  subjectId?: number;
  level?: CertLevel;
  /** The course whose appraisal points are shown (examKnow). */
  courseId?: number;
}

interface ScopeState extends ScopeValues {
  /** Sets fields of the chain; the fields below the highest one changed are cleared. */
  choose: (changed: Partial<Omit<ScopeValues, 'courseId'>>) => void;
  chooseCourse: (courseId: number | undefined) => void;
}

/**
 * The job type and level chosen on the course and appraisal-point screens. Both screens share
 * it, so going from a course to its points keeps the choice (client state: a zustand store).
 */
export const useKnowledgeScope = create<ScopeState>()((set) => ({
  choose: (changed) =>
    set((state) => {
      const next = { ...cascadeReset(SCOPE_CHAIN, changed), ...changed };
      const scopeChanged = SCOPE_CHAIN.some(
        (field) => field in next && next[field] !== state[field],
      );
      return scopeChanged ? { ...next, courseId: undefined } : next;
    }),
  chooseCourse: (courseId) => set({ courseId }),
}));

/** The job type and level when both are chosen. */
export const completeScope = ({ subjectId, level }: ScopeValues) =>
  subjectId !== undefined && level !== undefined ? { subjectId, level } : undefined;
