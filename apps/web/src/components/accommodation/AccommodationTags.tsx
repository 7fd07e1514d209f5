import type { ExamAccommodationRow } from '@kaoshi/shared';
import { useQuery } from '@tanstack/react-query';
import { Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { listExamAccommodations } from '../../api/accommodation';
import { accommodationKeys } from './AccommodationDialog';
import { accommodationTags } from './accommodation-text';

/** The exam's candidates with an accommodation, by student id (none while loading or refused). */
export function useExamAccommodations(examId: number) {
  const query = useQuery({
    queryKey: accommodationKeys.exam(examId),
    queryFn: () => listExamAccommodations(examId),
    enabled: examId > 0,
    staleTime: 60_000,
  });
  return useMemo(() => {
    const rows = new Map<number, ExamAccommodationRow>();
    for (const row of query.data?.rows ?? []) rows.set(row.studentId, row);
    return { rows, applied: query.data?.applied ?? true };
  }, [query.data]);
}

/**
 * A candidate's accommodation as one tag (extra time, large font, screen reader), the details
 * and the note in its tooltip; focusable, and named in full for a screen reader.
 */
export function AccommodationTag({
  row,
  applied,
}: {
  row: ExamAccommodationRow | undefined;
  applied: boolean;
}) {
  const { t } = useTranslation();
  if (!row) return null;
  const tags = accommodationTags(t, row);
  if (tags.length === 0 && !row.note) return null;
  const text = tags.join(t('accommodation.separator'));
  const details = [
    ...tags,
    ...(applied ? [] : [t('accommodation.tag.notApplied')]),
    ...(row.note ? [t('accommodation.tag.note', { note: row.note })] : []),
  ];
  return (
    <Tooltip
      title={
        <div>
          {details.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      }
    >
      <Tag
        color="purple"
        className="accommodation-tag"
        tabIndex={0}
        aria-label={t('accommodation.tag.label', {
          text: details.join(t('accommodation.separator')),
        })}
        style={{ marginInlineStart: 6 }}
      >
        {text || t('accommodation.action')}
      </Tag>
    </Tooltip>
  );
}
