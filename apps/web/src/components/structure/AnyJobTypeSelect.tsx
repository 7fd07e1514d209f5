import type { SubjectOption } from '@kaoshi/shared';
import { useTranslation } from 'react-i18next';
import type { StructureSelectProps } from './StructureOptionSelect';
import { StructureOptionSelect } from './StructureOptionSelect';
import { useAllJobTypes } from './queries';

interface AnyJobTypeSelectProps extends Omit<StructureSelectProps, 'onChange'> {
  /** With the chosen job type itself, whose `levels` limit a LevelSelect. */
  onChange?: (value: number | undefined, jobType: SubjectOption | undefined) => void;
}

/** One job type (申报工种) out of all of them, searchable by name or code. */
export function AnyJobTypeSelect({ onChange, ...props }: AnyJobTypeSelectProps) {
  const { t } = useTranslation();
  const options = useAllJobTypes();
  return (
    <StructureOptionSelect
      {...props}
      label={t('school.select.jobType')}
      loading={options.isPending}
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
