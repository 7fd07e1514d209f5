import { Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormRules } from './use-form-rules';

/**
 * The form fields every level of the exam structure shares, with the shared schema's rules:
 * name, code, enabled (not batches: their status has its own life), sort and description.
 */
export function useStructureFields() {
  const { t } = useTranslation();
  const rules = useFormRules();

  const name = (label: string) => (
    <Form.Item name="name" label={label} rules={[rules.required(label), rules.maxLength(100)]}>
      <Input maxLength={100} autoComplete="off" />
    </Form.Item>
  );

  const code = (
    <Form.Item
      name="code"
      label={t('school.fields.code')}
      extra={t('school.fields.codeHelp')}
      rules={[rules.required(t('school.fields.code')), rules.code]}
    >
      <Input maxLength={32} autoComplete="off" />
    </Form.Item>
  );

  const active = (
    <Form.Item
      name="active"
      label={t('school.fields.enabled')}
      extra={t('school.fields.inactiveHelp')}
      valuePropName="checked"
    >
      <Switch />
    </Form.Item>
  );

  const sort = (
    <Form.Item name="sort" label={t('school.fields.sort')} extra={t('school.fields.sortHelp')}>
      <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );

  const description = (
    <Form.Item
      name="description"
      label={t('school.fields.description')}
      rules={[rules.maxLength(1000)]}
    >
      <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
    </Form.Item>
  );

  return { name, code, active, sort, description };
}
