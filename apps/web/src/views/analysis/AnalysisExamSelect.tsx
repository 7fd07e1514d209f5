import type { AnalysisExamOptionView } from '@kaoshi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listAnalysisExam } from '../../api/analysis';

/** An exam the statistics can be about: closed, with its scores released or not yet. */
export type AnalysisExamOption = AnalysisExamOptionView;

const LIMIT = 50;

/**
 * The exams to choose from, searched on the server: closed or released, of the user's batches
 * (a teacher's own; the server decides).
 */
export function useAnalysisExams(keyword: string) {
  return useQuery({
    queryKey: ['analysis', 'exams', keyword],
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<AnalysisExamOption[]> =>
      (await listAnalysisExam({ page: 1, limit: LIMIT, keyword: keyword || undefined })).list,
  });
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
      placeholder={label}
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
