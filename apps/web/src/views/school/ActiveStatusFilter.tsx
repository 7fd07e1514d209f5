import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIVE_STATUS } from './labels';

/** The status filter of projects, categories and job types (active or disabled). */
export function ActiveStatusFilter() {
  const { t } = useTranslation();
  return (
    <Form.Item name="status" noStyle>
      <Select
        allowClear
        style={{ width: '100%' }}
        placeholder={t('school.fields.status')}
        aria-label={t('school.fields.status')}
        options={ACTIVE_STATUS.map((entry) => ({
          value: entry.value,
          label: t(`school.status.${entry.key}`),
        }))}
      />
    </Form.Item>
  );
}
