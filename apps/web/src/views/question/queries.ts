/** TanStack Query keys of the question bank; the prefix invalidates every list. */
export const questionKeys = {
  all: ['question'] as const,
  list: ['question', 'list'] as const,
};

// PaperEdit.tsx still imports it from here until its rework (issue 25 §3).
export { useAllJobTypes } from '../../components/structure/queries';
