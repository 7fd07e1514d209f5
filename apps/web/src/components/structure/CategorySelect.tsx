import { useTranslation } from 'react-i18next';
import { useCategoryOptions } from './queries';
import { StructureOptionSelect, type StructureSelectProps } from './StructureOptionSelect';

interface CategorySelectProps extends StructureSelectProps {
  /** The project whose categories are offered; disabled until there is one. */
  schoolId: number | undefined;
}

/** One job-type category (职业类别) of a project. */
export function CategorySelect({ schoolId, ...props }: CategorySelectProps) {
  const { t } = useTranslation();
  const options = useCategoryOptions(schoolId);
  return (
    <StructureOptionSelect
      {...props}
      label={t('school.select.category')}
      waitingFor={schoolId === undefined ? t('school.select.projectFirst') : undefined}
      loading={options.isFetching}
      entries={options.data?.map((department) => ({
        ...department,
        inactive: department.status === 0,
      }))}
    />
  );
}
