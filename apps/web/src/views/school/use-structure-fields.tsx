import { useTranslation } from 'react-i18next';
import { Form } from 'antd';
import { CategorySelect, ProjectSelect } from '../../components/structure';
import { SwitchField } from '../../components/form/fields';
import { useEntityFields } from '../../components/form/use-entity-fields';
import { useFormRules } from './use-form-rules';

/**
 * The form fields every level of the exam structure shares, with the shared schema's rules:
 * the project and category above, name, code, enabled (not batches: their status has its own
 * life), sort and description.
 */
export function useStructureFields() {
  const { t } = useTranslation();
  const rules = useFormRules();

  const { name, code, sort, description } = useEntityFields('school', {
    nameMax: 100,
    codeRule: rules.code,
  });

  const active = (
    <SwitchField
      name="active"
      label={t('school.fields.enabled')}
      extra={t('school.fields.inactiveHelp')}
    />
  );

  /** The project a row belongs to (locked once students registered for a batch). */
  const project = (disabled?: boolean) => (
    <Form.Item
      name="schoolId"
      label={t('school.select.project')}
      rules={[rules.choose(t('school.select.project'))]}
    >
      <ProjectSelect activeOnly allowClear={false} disabled={disabled} />
    </Form.Item>
  );

  /** The job-type category, among the chosen project's. */
  const category = (schoolId: number | undefined, disabled?: boolean) => (
    <Form.Item
      name="departmentId"
      label={t('school.select.category')}
      rules={[rules.choose(t('school.select.category'))]}
    >
      <CategorySelect schoolId={schoolId} activeOnly allowClear={false} disabled={disabled} />
    </Form.Item>
  );

  return { project, category, name, code, active, sort, description };
}
