import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallOptions } from '../../api/request';

interface ExamFilter {
  examId: number;
  includeUnreleased: boolean;
}

/**
 * One exam's figures as a statistics screen reads them (the ranking, the make-up statistics):
 * nothing until an exam is chosen; its unreleased scores only once asked for, for that exam; the
 * last exam's figures never shown under another's name. `state` is StatisticsState's props.
 */
export function useExamStatistics<V extends { exam: { id: number } }, F extends object, P>({
  name,
  examId,
  filter,
  params,
  fetch,
}: {
  /** The statistics' cache key. */
  name: string;
  examId: number | undefined;
  /** More filters than the exam (e.g. its batch). */
  filter: F;
  /** Paging, search and ordering. */
  params: P;
  fetch: (query: ExamFilter & F & P, options: CallOptions) => Promise<V>;
}) {
  const { t } = useTranslation();
  const [unreleasedFor, setUnreleasedFor] = useState<number>();
  const includeUnreleased = examId !== undefined && unreleasedFor === examId;
  const fullFilter = { examId: examId ?? 0, ...filter, includeUnreleased };
  const statistics = useQuery({
    queryKey: ['analysis', name, fullFilter, params],
    // Quiet: StatisticsState shows the refusal (e.g. scores not released) in the page.
    queryFn: () => fetch({ ...fullFilter, ...params }, { quiet: true }),
    enabled: examId !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const view = statistics.data?.exam.id === examId ? statistics.data : undefined;
  const state = {
    waitingFor: examId === undefined ? t('analysis.exam.chooseFirst') : undefined,
    isPending: !view,
    error: statistics.error,
    onRetry: () => void statistics.refetch(),
    onShowUnreleased: () => setUnreleasedFor(examId),
  };
  return { statistics, view, filter: fullFilter, includeUnreleased, state };
}
