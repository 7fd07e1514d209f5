import type { CertLevel } from '@kaoshi/shared';
import { useTranslation } from 'react-i18next';
import type { StructureSelectProps } from '../structure';
import { StructureOptionSelect } from '../structure/StructureOptionSelect';
import { useKnowledgeTree } from './queries';

interface CourseSelectProps extends StructureSelectProps {
  subjectId: number | undefined;
  level: CertLevel | undefined;
}

/** One course (课程) of a job type and level; disabled until both are chosen. */
export function CourseSelect({ subjectId, level, ...props }: CourseSelectProps) {
  const { t } = useTranslation();
  const scope = subjectId !== undefined && level !== undefined ? { subjectId, level } : undefined;
  const tree = useKnowledgeTree(scope);
  return (
    <StructureOptionSelect
      {...props}
      label={t('question.fields.course')}
      waitingFor={scope === undefined ? t('question.select.levelFirst') : undefined}
      loading={tree.isFetching}
      entries={tree.data}
    />
  );
}
