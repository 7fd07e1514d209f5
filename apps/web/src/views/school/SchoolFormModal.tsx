import type { SchoolView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { addSchool, updateSchool, type SchoolInput } from '../../api/school';
import { useFormDialog } from '../../components/list/use-form-dialog';
import { invalidateStructure } from '../../components/structure';
import { reportSaveError } from './server-error';
import { useFormRules } from './use-form-rules';

interface SchoolFormValues {
  name: string;
  code: string;
  organiser?: string;
  contact?: string;
  description?: string;
  active: boolean;
  sort?: number | null;
}

const FIELDS = ['name', 'code', 'organiser', 'contact', 'description', 'sort'] as const;

const toFormValues = (school: SchoolView | undefined): Partial<SchoolFormValues> =>
  school
    ? {
        name: school.name,
        code: school.code,
        organiser: school.organiser,
        contact: school.contact,
        description: school.description,
        active: school.status === 1,
        sort: school.sort,
      }
    : { active: true, sort: 0 };

const toInput = (values: SchoolFormValues): SchoolInput => ({
  name: values.name.trim(),
  code: values.code.trim(),
  organiser: values.organiser?.trim() ?? '',
  contact: values.contact?.trim() ?? '',
  description: values.description?.trim() ?? '',
  status: values.active ? 1 : 0,
  sort: values.sort ?? 0,
});

interface SchoolFormModalProps {
  open: boolean;
  /** The project to edit; none to add one. */
  school?: SchoolView;
  onClose: () => void;
}

export function SchoolFormModal({ open, school, onClose }: SchoolFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rules = useFormRules();
  const [form] = Form.useForm<SchoolFormValues>();

  const save = useMutation({
    mutationFn: (values: SchoolFormValues) =>
      school
        ? updateSchool(school.id, toInput(values), { quiet: true })
        : addSchool(toInput(values), { quiet: true }),
    onSuccess: () => invalidateStructure(queryClient),
  });

  const dialog = useFormDialog({
    form,
    save,
    savedMessage: t(school ? 'common.saved' : 'school.project.added'),
    onRefused: (error) => reportSaveError(error, form, FIELDS, rules.codeTaken),
    onClose,
  });

  return (
    <Modal
      {...dialog.modalProps}
      open={open}
      title={t(school ? 'school.project.edit' : 'school.project.add')}
    >
      <Form<SchoolFormValues>
        name="schoolForm"
        form={form}
        layout="vertical"
        initialValues={toFormValues(school)}
        onFinish={dialog.submit}
      >
        <Form.Item
          name="name"
          label={t('school.project.name')}
          rules={[rules.required(t('school.project.name')), rules.maxLength(100)]}
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
          name="organiser"
          label={t('school.project.organiser')}
          rules={[rules.maxLength(100)]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="contact"
          label={t('school.project.contact')}
          extra={t('school.project.contactHelp')}
          rules={[rules.maxLength(100)]}
        >
          <Input maxLength={100} autoComplete="off" />
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
