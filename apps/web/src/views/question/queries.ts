import { useQuery } from '@tanstack/react-query';
import { listSubjectsForSelect } from '../../api/school';
import { schoolKeys } from '../../components/structure';

/** TanStack Query keys of the question bank; the prefix invalidates every list. */
export const questionKeys = {
  all: ['question'] as const,
  list: ['question', 'list'] as const,
};

/**
 * Every job type with its levels. The question bank is organised by job type alone: its users
 * should not have to go through a project and category first.
 */
export const useAllJobTypes = () =>
  useQuery({
    queryKey: schoolKeys.subjectOptions(undefined),
    queryFn: () => listSubjectsForSelect(),
  });
