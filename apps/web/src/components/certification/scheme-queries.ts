import type { CertLevel } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { listSchemes } from '../../api/certification';

/** TanStack Query keys of the certification schemes (a prefix invalidates all below it). */
export const schemeKeys = {
  all: ['scheme'] as const,
  list: ['scheme', 'list'] as const,
  options: (subjectId: number | undefined, level: CertLevel | undefined) =>
    ['scheme', 'options', subjectId ?? null, level ?? null] as const,
};

/** The scheme of a job type and level (at most one), once both are chosen. */
export const useSchemeOptions = (subjectId: number | undefined, level: CertLevel | undefined) =>
  useQuery({
    queryKey: schemeKeys.options(subjectId, level),
    queryFn: () => listSchemes({ page: 1, limit: 10, subjectId, level }),
    enabled: subjectId !== undefined && level !== undefined,
    select: (result) => result.list,
  });
