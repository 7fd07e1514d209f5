import { useTranslation } from 'react-i18next';
import { SelectFilter } from '../../components/list/filters';
import { ACTIVE_STATUS, CLASS_STATUS } from './labels';

/**
 * The status filter of the structure lists: active or disabled (projects, categories, job types),
 * or a batch's stage.
 */
export function StatusFilter({ ofBatches = false }: { ofBatches?: boolean }) {
  const { t } = useTranslation();
  const options: { value: number; label: string }[] = ofBatches
    ? CLASS_STATUS.map((entry) => ({
        value: entry.value,
        label: t(`school.classStatus.${entry.key}`),
      }))
    : ACTIVE_STATUS.map((entry) => ({
        value: entry.value,
        label: t(`school.status.${entry.key}`),
      }));
  return <SelectFilter name="status" label={t('school.fields.status')} options={options} />;
}
