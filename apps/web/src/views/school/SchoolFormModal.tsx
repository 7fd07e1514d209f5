import type { SchoolView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { addSchool, updateSchool, type SchoolInput } from '../../api/school';
import {
  EntityFormDialog,
  addOrUpdate,
  type EntityDialogProps,
} from '../../components/form/EntityFormDialog';
import { TextField } from '../../components/form/fields';
import { invalidateStructure } from '../../components/structure';
import { useFormRules } from './use-form-rules';
import { useStructureFields } from './use-structure-fields';

interface SchoolFormValues {
  name: string;
  code: string;
  organiser?: string;
  contact?: string;
  description?: string;
  active: boolean;
  sort?: number | null;
}

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

interface SchoolFormModalProps extends EntityDialogProps {
  /** The project to edit; none to add one. */
  school?: SchoolView;
}

export function SchoolFormModal({ school, ...dialog }: SchoolFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rules = useFormRules();
  const fields = useStructureFields();
  const [form] = Form.useForm<SchoolFormValues>();

  const save = useMutation({
    mutationFn: (values: SchoolFormValues) =>
      addOrUpdate(school, toInput(values), { add: addSchool, update: updateSchool }),
    onSuccess: () => invalidateStructure(queryClient),
  });

  return (
    <EntityFormDialog
      {...dialog}
      title={t(school ? 'school.project.edit' : 'school.project.add')}
      name="schoolForm"
      form={form}
      initialValues={toFormValues(school)}
      save={save}
      savedMessage={t(school ? 'common.saved' : 'school.project.added')}
      refused="form"
    >
      {fields.name(t('school.project.name'))}
      {fields.code}
      <TextField
        name="organiser"
        label={t('school.project.organiser')}
        max={100}
        rules={[rules.maxLength(100)]}
      />
      <TextField
        name="contact"
        label={t('school.project.contact')}
        extra={t('school.project.contactHelp')}
        max={100}
        rules={[rules.maxLength(100)]}
      />
      {fields.active}
      {fields.sort}
      {fields.description}
    </EntityFormDialog>
  );
}
