import type { ExamListItem } from '@kaoshi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listExams } from '../../api/exam';
import { listMarkingExam } from '../../api/marking';
import { useAnalysisAccess } from './use-analysis-access';

/** An exam the statistics can be about: closed, with its scores released or not yet. */
export interface AnalysisExamOption {
  id: number;
  name: string;
  released: boolean;
  startAt: string | null;
  /** Its batches, when the list that offered it names them. */
  classes: { id: number; name: string }[] | null;
}

const LIMIT = 50;

const fromExam = (exam: ExamListItem): AnalysisExamOption => ({
  id: exam.id,
  name: exam.name,
  released: exam.state === 'released',
  startAt: exam.startAt,
  classes: exam.classes.map(({ id, name }) => ({ id, name })),
});

/**
 * The exams to choose from, searched on the server: the publishing group's list of released and
 * closed exams, else (a marker) the exams they mark; users with neither open an exam by its
 * link (?examId=N).
 */
export function useAnalysisExams(keyword: string) {
  const access = useAnalysisAccess();
  const source = access.publishing ? 'publishing' : access.marking ? 'marking' : 'none';
  const query = useQuery({
    queryKey: ['analysis', 'exams', source, keyword],
    enabled: source !== 'none',
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<AnalysisExamOption[]> => {
      if (source === 'publishing') {
        const lists = await Promise.all(
          (['released', 'closed'] as const).map((state) =>
            listExams({ page: 1, limit: LIMIT, keyword: keyword || undefined, state }),
          ),
        );
        return lists
          .flatMap((list) => list.list.map(fromExam))
          .sort((a, b) => (b.startAt ?? '').localeCompare(a.startAt ?? ''));
      }
      const { list } = await listMarkingExam({ page: 1, limit: 100 });
      const needle = keyword.trim().toLowerCase();
      return list
        .filter((exam) => !needle || exam.name.toLowerCase().includes(needle))
        .map((exam) => ({
          id: exam.examId,
          name: exam.name,
          released: exam.released,
          startAt: null,
          classes: null,
        }));
    },
  });
  return { ...query, source };
}

interface AnalysisExamSelectProps {
  value: number | undefined;
  onChange: (examId: number | undefined, exam: AnalysisExamOption | undefined) => void;
  /** The chosen exam's name when the list does not hold it (opened by its link). */
  chosenName?: string;
}

/** A searchable select of the exams whose scores can be analysed, newest first. */
export function AnalysisExamSelect({ value, onChange, chosenName }: AnalysisExamSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDeferredValue(search);
  const exams = useAnalysisExams(keyword);
  const options = exams.data ?? [];
  const listed = options.some((exam) => exam.id === value);
  const label = t('analysis.exam.choose');
  return (
    <Select<number>
      value={value}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={exams.isFetching}
      disabled={exams.source === 'none' && value === undefined}
      placeholder={exams.source === 'none' ? t('analysis.exam.byLink') : label}
      aria-label={label}
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
      notFoundContent={exams.isFetching ? t('common.loading') : t('analysis.exam.none')}
      onChange={(id) => {
        setSearch('');
        onChange(
          id ?? undefined,
          options.find((exam) => exam.id === id),
        );
      }}
      options={[
        ...(value !== undefined && !listed
          ? [{ value, label: chosenName ?? `#${value}`, exam: undefined }]
          : []),
        ...options.map((exam) => ({
          value: exam.id,
          label: (
            <Space size={6} wrap={false}>
              <span>{exam.name}</span>
              {exam.startAt && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {dayjs(exam.startAt).format('YYYY-MM-DD')}
                </Typography.Text>
              )}
              {!exam.released && <Tag color="orange">{t('analysis.unreleased')}</Tag>}
            </Space>
          ),
          exam,
        })),
      ]}
    />
  );
}
