import type { DepartmentView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { addDepartment, updateDepartment, type DepartmentInput } from '../../api/school';
import { useFormDialog } from '../../components/list/use-form-dialog';
import { ProjectSelect, invalidateStructure } from '../../components/structure';
import { reportSaveError } from './server-error';
import { useFormRules } from './use-form-rules';

interface DepartmentFormValues {
  schoolId: number;
  name: string;
  code: string;
  description?: string;
  active: boolean;
  sort?: number | null;
}

const FIELDS = ['schoolId', 'name', 'code', 'description', 'sort'] as const;

const toFormValues = (
  department: DepartmentView | undefined,
  schoolId: number | undefined,
): Partial<DepartmentFormValues> =>
  department
    ? {
        schoolId: department.schoolId,
        name: department.name,
        code: department.code,
        description: department.description,
        active: department.status === 1,
        sort: department.sort,
      }
    : { schoolId, active: true, sort: 0 };

const toInput = (values: DepartmentFormValues): DepartmentInput => ({
  schoolId: values.schoolId,
  name: values.name.trim(),
  code: values.code.trim(),
  description: values.description?.trim() ?? '',
  status: values.active ? 1 : 0,
  sort: values.sort ?? 0,
});

interface DepartmentFormModalProps {
  open: boolean;
  /** The category to edit; none to add one. */
  department?: DepartmentView;
  /** The project a new category starts in (the one the list is filtered by). */
  schoolId?: number;
  onClose: () => void;
}

export function DepartmentFormModal({
  open,
  department,
  schoolId,
  onClose,
}: DepartmentFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rules = useFormRules();
  const [form] = Form.useForm<DepartmentFormValues>();

  const save = useMutation({
    mutationFn: (values: DepartmentFormValues) =>
      department
        ? updateDepartment(department.id, toInput(values), { quiet: true })
        : addDepartment(toInput(values), { quiet: true }),
    onSuccess: () => invalidateStructure(queryClient),
  });

  const dialog = useFormDialog({
    form,
    save,
    savedMessage: t(department ? 'common.saved' : 'school.category.added'),
    onRefused: (error) => reportSaveError(error, form, FIELDS, rules.codeTaken),
    onClose,
  });

  return (
    <Modal
      {...dialog.modalProps}
      open={open}
      title={t(department ? 'school.category.edit' : 'school.category.add')}
    >
      <Form<DepartmentFormValues>
        name="departmentForm"
        form={form}
        layout="vertical"
        initialValues={toFormValues(department, schoolId)}
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
          name="name"
          label={t('school.category.name')}
          rules={[rules.required(t('school.category.name')), rules.maxLength(100)]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('school.fields.code')}
          extra={t('school.fields.codeHelp')}
          rules={[rules.required(t('school.fields.code')), rules.code]}
        >
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="active"
          label={t('school.fields.enabled')}
          extra={t('school.fields.inactiveHelp')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item name="sort" label={t('school.fields.sort')} extra={t('school.fields.sortHelp')}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('school.fields.description')}
          rules={[rules.maxLength(1000)]}
        >
          <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
