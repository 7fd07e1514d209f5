import { knowledgeCode } from '@kaoshi/shared';
import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEntityFields } from '../../components/form/use-entity-fields';
import { useFieldRules } from '../../components/form/use-field-rules';
import {
  BatchSelect,
  CategorySelect,
  JobTypeSelect,
  ProjectSelect,
  cascadeReset,
} from '../../components/structure';

/**
 * The fields a course and an appraisal point share, with the shared schema's rules: code, name,
 * sort and description.
 */
export function useKnowledgeFields() {
  const { t } = useTranslation();
  return useEntityFields('base', {
    nameMax: 200,
    codeRule: {
      validator: (_, value?: string) =>
        !value?.trim() || knowledgeCode.safeParse(value).success
          ? Promise.resolve()
          : Promise.reject(new Error(t('base.rules.code'))),
    },
  });
}

/** The structure fields above the batch, cleared from the changed one down. */
const BATCH_CHAIN = ['schoolId', 'departmentId', 'subjectId', 'classId'] as const;

/**
 * The batch a student is in, chosen down the structure: project, category and job type only
 * narrow the batches offered. `items` are the four fields; the form's onValuesChange clears the
 * ones below a changed choice.
 */
export function useBatchFields(form: FormInstance) {
  const { t } = useTranslation();
  const rules = useFieldRules('base');
  const schoolId = Form.useWatch<number | undefined>('schoolId', form);
  const departmentId = Form.useWatch<number | undefined>('departmentId', form);
  const subjectId = Form.useWatch<number | undefined>('subjectId', form);

  const items = [
    <Form.Item key="schoolId" name="schoolId" label={t('base.student.project')}>
      <ProjectSelect />
    </Form.Item>,
    <Form.Item key="departmentId" name="departmentId" label={t('base.student.category')}>
      <CategorySelect schoolId={schoolId} />
    </Form.Item>,
    <Form.Item key="subjectId" name="subjectId" label={t('base.student.jobType')}>
      <JobTypeSelect departmentId={departmentId} />
    </Form.Item>,
    <Form.Item
      key="classId"
      name="classId"
      label={t('base.student.batch')}
      rules={[rules.choose(t('base.student.batch'))]}
    >
      <BatchSelect subjectId={subjectId} />
    </Form.Item>,
  ];
  const onValuesChange = (changed: Record<string, unknown>) =>
    form.setFieldsValue(cascadeReset(BATCH_CHAIN, changed));

  return { items, subjectId, onValuesChange };
}
