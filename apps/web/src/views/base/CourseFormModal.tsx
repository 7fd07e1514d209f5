import { KnowledgeType, type KnowledgeView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { addKnowledge, updateKnowledge, type KnowledgeScope } from '../../api/base';
import { EntityFormDialog, type EntityDialogProps } from '../../components/form/EntityFormDialog';
import { baseKeys } from '../../components/knowledge/queries';
import { useKnowledgeFields } from './use-base-fields';

interface CourseFormValues {
  code: string;
  name: string;
  sort: number;
  description?: string;
}

interface CourseFormModalProps extends EntityDialogProps {
  /** Whose course a new one becomes. */
  scope: KnowledgeScope;
  /** The course to edit; none to add one. */
  course?: KnowledgeView;
}

export function CourseFormModal({ scope, course, ...dialog }: CourseFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fields = useKnowledgeFields();
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

  return (
    <EntityFormDialog
      {...dialog}
      title={t(course ? 'base.course.edit' : 'base.course.add')}
      name="courseForm"
      form={form}
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
      save={save}
      savedMessage={t(course ? 'common.saved' : 'base.course.added')}
      refused="form"
    >
      {fields.code}
      {fields.name(t('base.course.name'))}
      {fields.sort}
      {fields.description}
    </EntityFormDialog>
  );
}
