import { CERT_LEVELS, type CertLevel, type SubjectView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { addSubject, updateSubject, type SubjectInput } from '../../api/school';
import { useFormDialog } from '../../components/list/use-form-dialog';
import {
  CategorySelect,
  ProjectSelect,
  cascadeReset,
  invalidateStructure,
  useLevelLabel,
} from '../../components/structure';
import { reportSaveError } from '../../utils/server-error';
import { useFormRules } from './use-form-rules';
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

const FIELDS = ['departmentId', 'name', 'code', 'levels', 'description', 'sort'] as const;
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

interface SubjectFormModalProps {
  open: boolean;
  /** The job type to edit; none to add one. */
  subject?: SubjectView;
  /** Where a new job type starts (the list's filters). */
  schoolId?: number;
  departmentId?: number;
  onClose: () => void;
}

export function SubjectFormModal({
  open,
  subject,
  schoolId,
  departmentId,
  onClose,
}: SubjectFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rules = useFormRules();
  const fields = useStructureFields();
  const levelLabel = useLevelLabel();
  const [form] = Form.useForm<SubjectFormValues>();
  const chosenSchool = Form.useWatch('schoolId', form);

  const save = useMutation({
    mutationFn: (values: SubjectFormValues) =>
      subject
        ? updateSubject(subject.id, toInput(values), { quiet: true })
        : addSubject(toInput(values), { quiet: true }),
    onSuccess: () => invalidateStructure(queryClient),
  });

  const dialog = useFormDialog({
    form,
    save,
    savedMessage: t(subject ? 'common.saved' : 'school.jobType.added'),
    onRefused: (error) => reportSaveError(error, form, FIELDS),
    onClose,
  });

  return (
    <Modal
      {...dialog.modalProps}
      open={open}
      title={t(subject ? 'school.jobType.edit' : 'school.jobType.add')}
    >
      <Form<SubjectFormValues>
        name="subjectForm"
        form={form}
        layout="vertical"
        initialValues={toFormValues(subject, { schoolId, departmentId })}
        onValuesChange={(changed) => form.setFieldsValue(cascadeReset(CHAIN, changed))}
        onFinish={dialog.submit}
      >
        <Form.Item
          name="schoolId"
          label={t('school.select.project')}
          rules={[rules.choose(t('school.select.project'))]}
        >
          <ProjectSelect activeOnly allowClear={false} />
        </Form.Item>
        <Form.Item
          name="departmentId"
          label={t('school.select.category')}
          rules={[rules.choose(t('school.select.category'))]}
        >
          <CategorySelect schoolId={chosenSchool} activeOnly allowClear={false} />
        </Form.Item>
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
      </Form>
    </Modal>
  );
}
