import type { CertLevel } from '@kaoshi/shared';
import { useTranslation } from 'react-i18next';
import type { StructureSelectProps } from '../structure';
import { StructureOptionSelect } from '../structure/StructureOptionSelect';
import { useKnowledgeTree } from './queries';

interface PointSelectProps extends StructureSelectProps {
  subjectId: number | undefined;
  level: CertLevel | undefined;
  courseId: number | undefined;
}

/** One appraisal point (鉴定点) of a course; disabled until the course is chosen. */
export function PointSelect({ subjectId, level, courseId, ...props }: PointSelectProps) {
  const { t } = useTranslation();
  const scope = subjectId !== undefined && level !== undefined ? { subjectId, level } : undefined;
  const tree = useKnowledgeTree(courseId === undefined ? undefined : scope);
  const course = tree.data?.find((candidate) => candidate.id === courseId);
  return (
    <StructureOptionSelect
      {...props}
      label={t('question.fields.point')}
      waitingFor={courseId === undefined ? t('question.select.courseFirst') : undefined}
      loading={tree.isFetching}
      entries={course?.children}
    />
  );
}
