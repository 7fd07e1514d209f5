import { useTranslation } from 'react-i18next';
import { useProjectOptions } from './queries';
import { StructureOptionSelect, type StructureSelectProps } from './StructureOptionSelect';

/** One exam project (考试项目) out of all of them. */
export function ProjectSelect(props: StructureSelectProps) {
  const { t } = useTranslation();
  const options = useProjectOptions();
  return (
    <StructureOptionSelect
      {...props}
      label={t('school.select.project')}
      loading={options.isPending}
      entries={options.data?.map((school) => ({ ...school, inactive: school.status === 0 }))}
    />
  );
}
