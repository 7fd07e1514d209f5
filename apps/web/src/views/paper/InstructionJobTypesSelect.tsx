import { Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAllJobTypes } from '../../components/structure/queries';

interface InstructionJobTypesSelectProps {
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
  'aria-label'?: string;
}

/**
 * The job types a notice applies to, several at once, searchable by name or code. A disabled job
 * type is marked and cannot be added, but one the notice already names stays removable.
 */
export function InstructionJobTypesSelect({
  value = [],
  onChange,
  id,
  'aria-label': ariaLabel,
}: InstructionJobTypesSelectProps) {
  const { t } = useTranslation();
  const jobTypes = useAllJobTypes();
  return (
    <Select<number[], { value: number; label: string; code: string; inactive: boolean }>
      id={id}
      mode="multiple"
      value={value}
      onChange={(next) => onChange?.(next)}
      allowClear
      loading={jobTypes.isPending}
      placeholder={t('instruction.form.jobTypesPlaceholder')}
      aria-label={ariaLabel ?? t('instruction.fields.jobTypes')}
      style={{ width: '100%' }}
      showSearch={{ optionFilterProp: ['label', 'code'] }}
      notFoundContent={jobTypes.isPending ? t('common.loading') : t('common.noData')}
      options={(jobTypes.data ?? []).map((jobType) => ({
        value: jobType.id,
        label: jobType.name,
        code: jobType.code,
        inactive: jobType.status === 0,
        disabled: jobType.status === 0 && !value.includes(jobType.id),
      }))}
      optionRender={({ data }) => (
        <Space size={6} wrap={false} style={{ maxWidth: '100%' }}>
          <span>{data.label}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {data.code}
          </Typography.Text>
          {data.inactive && <Tag style={{ marginInlineEnd: 0 }}>{t('school.status.disabled')}</Tag>}
        </Space>
      )}
    />
  );
}
