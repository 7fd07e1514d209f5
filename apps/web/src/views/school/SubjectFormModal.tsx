import { CERT_LEVELS, type CertLevel, type SubjectView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { addSubject, updateSubject, type SubjectInput } from '../../api/school';
import {
  EntityFormDialog,
  addOrUpdate,
  type EntityDialogProps,
} from '../../components/form/EntityFormDialog';
import { cascadeReset, invalidateStructure, useLevelLabel } from '../../components/structure';
import { useStructureFields } from './use-structure-fields';

interface SubjectFormValues {
  /** Only narrows the categories offered; not sent. */
  schoolId?: number;
  departmentId: number;
  name: string;
  code: string;
  levels: CertLevel[];
  description?: string;
  active: boolean;
  sort?: number | null;
}

const CHAIN = ['schoolId', 'departmentId'] as const;

const toFormValues = (
  subject: SubjectView | undefined,
  parents: { schoolId?: number; departmentId?: number },
): Partial<SubjectFormValues> =>
  subject
    ? {
        schoolId: subject.schoolId,
        departmentId: subject.departmentId,
        name: subject.name,
        code: subject.code,
        levels: subject.levels,
        description: subject.description,
        active: subject.status === 1,
        sort: subject.sort,
      }
    : { ...parents, levels: [...CERT_LEVELS], active: true, sort: 0 };

const toInput = (values: SubjectFormValues): SubjectInput => ({
  departmentId: values.departmentId,
  name: values.name.trim(),
  code: values.code.trim(),
  levels: values.levels,
  description: values.description?.trim() ?? '',
  status: values.active ? 1 : 0,
  sort: values.sort ?? 0,
});

interface SubjectFormModalProps extends EntityDialogProps {
  /** The job type to edit; none to add one. */
  subject?: SubjectView;
  /** Where a new job type starts (the list's filters). */
  schoolId?: number;
  departmentId?: number;
}

export function SubjectFormModal({
  subject,
  schoolId,
  departmentId,
  ...dialog
}: SubjectFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fields = useStructureFields();
  const levelLabel = useLevelLabel();
  const [form] = Form.useForm<SubjectFormValues>();
  const chosenSchool = Form.useWatch('schoolId', form);

  const save = useMutation({
    mutationFn: (values: SubjectFormValues) =>
      addOrUpdate(subject, toInput(values), { add: addSubject, update: updateSubject }),
    onSuccess: () => invalidateStructure(queryClient),
  });

  return (
    <EntityFormDialog
      {...dialog}
      title={t(subject ? 'school.jobType.edit' : 'school.jobType.add')}
      name="subjectForm"
      form={form}
      initialValues={toFormValues(subject, { schoolId, departmentId })}
      save={save}
      savedMessage={t(subject ? 'common.saved' : 'school.jobType.added')}
      refused="form"
      formProps={{ onValuesChange: (changed) => form.setFieldsValue(cascadeReset(CHAIN, changed)) }}
    >
      {fields.project()}
      {fields.category(chosenSchool)}
      {fields.name(t('school.jobType.name'))}
      {fields.code}
      <Form.Item
        name="levels"
        label={t('school.jobType.levels')}
        extra={t('school.jobType.levelsHelp')}
        rules={[{ type: 'array', required: true, min: 1, message: t('school.rules.levels') }]}
      >
        <Checkbox.Group
          options={CERT_LEVELS.map((level) => ({ value: level, label: levelLabel(level) }))}
        />
      </Form.Item>
      {fields.active}
      {fields.sort}
      {fields.description}
    </EntityFormDialog>
  );
}
