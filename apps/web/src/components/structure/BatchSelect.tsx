import type { CertLevel } from '@kaoshi/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBatchOptions } from './queries';
import { StructureOptionSelect, type StructureSelectProps } from './StructureOptionSelect';
import { useLevelLabel } from './use-level-label';

interface BatchSelectProps extends Omit<StructureSelectProps, 'activeOnly'> {
  /** The job type whose batches are offered; disabled until there is one. */
  subjectId: number | undefined;
  /** Only the batches of this level, when given. */
  level?: CertLevel;
}

/**
 * One registration batch (报名批次) of a job type, newest first. A teacher is offered only the
 * batches assigned to them (the server decides).
 */
export function BatchSelect({ subjectId, level, ...props }: BatchSelectProps) {
  const { t } = useTranslation();
  const levelLabel = useLevelLabel();
  const options = useBatchOptions(subjectId, level);
  return (
    <StructureOptionSelect
      {...props}
      label={t('school.select.batch')}
      // Named, as it may sit unlabelled beside the level select waiting for the same job type.
      waitingFor={subjectId === undefined ? t('school.select.batchAfterJobType') : undefined}
      loading={options.isFetching}
      entries={options.data?.map((batch) => ({
        id: batch.id,
        name: batch.name,
        code: batch.code,
        note:
          level === undefined ? (
            <Tag color="blue" style={{ marginInlineEnd: 0 }}>
              {levelLabel(batch.level)}
            </Tag>
          ) : undefined,
      }))}
    />
  );
}
