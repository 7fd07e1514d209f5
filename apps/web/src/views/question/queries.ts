/** TanStack Query keys of the question bank; the prefix invalidates every list. */
export const questionKeys = {
  all: ['question'] as const,
  list: ['question', 'list'] as const,
};
