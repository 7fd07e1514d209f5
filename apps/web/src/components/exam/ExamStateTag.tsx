import type { ExamState } from '@kaoshi/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ExamState, string> = {
  draft: 'default',
  upcoming: 'blue',
  open: 'green',
  closed: 'orange',
  released: 'purple',
};

/** Where an exam is: a draft, published and waiting, open, closed, or its scores released. */
export function ExamStateTag({ state }: { state: ExamState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} style={{ marginInlineEnd: 0 }} className="exam-state-tag">
      {t(`exam.states.${state}`)}
    </Tag>
  );
}
