import { useQuery } from '@tanstack/react-query';
import { listKnowledgeTree, type KnowledgeScope } from '../../api/base';

/** TanStack Query keys of the base-data screens; a prefix invalidates every variant. */
export const baseKeys = {
  knowledge: ['base', 'knowledge'] as const,
  tree: (scope: KnowledgeScope | undefined) =>
    ['base', 'knowledge', scope?.subjectId ?? null, scope?.level ?? null] as const,
  students: ['base', 'students'] as const,
};

/** The courses of a job type and level, each with its appraisal points and weight sum. */
export const useKnowledgeTree = (scope: KnowledgeScope | undefined) =>
  useQuery({
    queryKey: baseKeys.tree(scope),
    queryFn: () => listKnowledgeTree(scope!),
    enabled: scope !== undefined,
  });
