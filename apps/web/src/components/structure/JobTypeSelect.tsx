import type { SubjectOption } from '@kaoshi/shared';
import { useTranslation } from 'react-i18next';
import { useJobTypeOptions } from './queries';
import { StructureOptionSelect, type StructureSelectProps } from './StructureOptionSelect';

interface JobTypeSelectProps extends Omit<StructureSelectProps, 'onChange'> {
  /** The category whose job types are offered; disabled until there is one. */
  departmentId: number | undefined;
  /** With the chosen job type itself, whose `levels` limit a LevelSelect. */
  onChange?: (value: number | undefined, jobType: SubjectOption | undefined) => void;
}

/**
 * One job type applied for (申报工种) of a category. Its levels reach the form through onChange's
 * second argument, or at any time through useJobTypeLevels(departmentId, subjectId).
 */
export function JobTypeSelect({ departmentId, onChange, ...props }: JobTypeSelectProps) {
  const { t } = useTranslation();
  const options = useJobTypeOptions(departmentId);
  return (
    <StructureOptionSelect
      {...props}
      label={t('school.select.jobType')}
      waitingFor={departmentId === undefined ? t('school.select.categoryFirst') : undefined}
      loading={options.isFetching}
      entries={options.data?.map((subject) => ({ ...subject, inactive: subject.status === 0 }))}
      onChange={(value) =>
        onChange?.(
          value,
          options.data?.find((subject) => subject.id === value),
        )
      }
    />
  );
}
