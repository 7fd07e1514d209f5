import { knowledgeCode } from '@kaoshi/shared';
import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { SortField, TextAreaField, TextField } from '../../components/form/fields';
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
  const rules = useFieldRules('base');

  const code = (
    <TextField
      name="code"
      label={t('base.fields.code')}
      extra={t('base.fields.codeHelp')}
      max={32}
      rules={[
        rules.required(t('base.fields.code')),
        {
          // The shared schema itself decides, so the two cannot disagree.
          validator: (_, value?: string) =>
            !value?.trim() || knowledgeCode.safeParse(value).success
              ? Promise.resolve()
              : Promise.reject(new Error(t('base.rules.code'))),
        },
      ]}
    />
  );

  const name = (label: string) => (
    <TextField
      name="name"
      label={label}
      max={200}
      rules={[rules.required(label), rules.maxLength(200)]}
    />
  );

  const sort = <SortField label={t('base.fields.sort')} extra={t('base.fields.sortHelp')} />;

  const description = (
    <TextAreaField
      name="description"
      label={t('base.fields.description')}
      max={1000}
      rules={[rules.maxLength(1000)]}
    />
  );

  return { code, name, sort, description };
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
