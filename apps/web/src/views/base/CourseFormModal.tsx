import { KnowledgeType, knowledgeCode, type KnowledgeView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { addKnowledge, updateKnowledge, type KnowledgeScope } from '../../api/base';
import { useFormDialog } from '../../components/list/use-form-dialog';
import { baseKeys } from '../../components/knowledge/queries';
import { reportSaveError } from '../../utils/server-error';

interface CourseFormValues {
  code: string;
  name: string;
  sort: number;
  description?: string;
}

interface CourseFormModalProps {
  open: boolean;
  /** Whose course a new one becomes. */
  scope: KnowledgeScope;
  /** The course to edit; none to add one. */
  course?: KnowledgeView;
  onClose: () => void;
}

/** The fields a server refusal may blame (see reportSaveError). */
const COURSE_FIELDS = ['code', 'name', 'description', 'sort'] as const;

export function CourseFormModal({ open, scope, course, onClose }: CourseFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CourseFormValues>();

  const save = useMutation({
    mutationFn: (values: CourseFormValues) => {
      const fields = {
        type: KnowledgeType.COURSE,
        code: values.code.trim(),
        name: values.name.trim(),
        description: values.description?.trim() ?? '',
        sort: values.sort ?? 0,
      };
      return course
        ? updateKnowledge({ id: course.id, ...fields }, { quiet: true })
        : addKnowledge({ ...scope, ...fields }, { quiet: true });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: baseKeys.knowledge }),
  });

  const dialog = useFormDialog({
    form,
    save,
    savedMessage: t(course ? 'common.saved' : 'base.course.added'),
    onRefused: (error) => reportSaveError(error, form, COURSE_FIELDS),
    onClose,
  });

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('base.rules.required', { field }),
  });

  return (
    <Modal
      {...dialog.modalProps}
      open={open}
      title={t(course ? 'base.course.edit' : 'base.course.add')}
    >
      <Form<CourseFormValues>
        name="courseForm"
        form={form}
        layout="vertical"
        initialValues={
          course
            ? {
                code: course.code,
                name: course.name,
                sort: course.sort,
                description: course.description,
              }
            : { sort: 0 }
        }
        onFinish={dialog.submit}
      >
        <Form.Item
          name="code"
          label={t('base.fields.code')}
          extra={t('base.fields.codeHelp')}
          rules={[
            required(t('base.fields.code')),
            {
              validator: (_, value?: string) =>
                !value?.trim() || knowledgeCode.safeParse(value).success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('base.rules.code'))),
            },
          ]}
        >
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('base.course.name')}
          rules={[
            required(t('base.course.name')),
            { max: 200, message: t('base.rules.maxLength', { max: 200 }) },
          ]}
        >
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item name="sort" label={t('base.fields.sort')} extra={t('base.fields.sortHelp')}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('base.fields.description')}
          rules={[{ max: 1000, message: t('base.rules.maxLength', { max: 1000 }) }]}
        >
          <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
