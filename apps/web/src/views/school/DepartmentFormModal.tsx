import type { DepartmentView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { addDepartment, updateDepartment, type DepartmentInput } from '../../api/school';
import {
  EntityFormDialog,
  addOrUpdate,
  type EntityDialogProps,
} from '../../components/form/EntityFormDialog';
import { invalidateStructure } from '../../components/structure';
import { useStructureFields } from './use-structure-fields';

interface DepartmentFormValues {
  schoolId: number;
  name: string;
  code: string;
  description?: string;
  active: boolean;
  sort?: number | null;
}

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

interface DepartmentFormModalProps extends EntityDialogProps {
  /** The category to edit; none to add one. */
  department?: DepartmentView;
  /** The project a new category starts in (the one the list is filtered by). */
  schoolId?: number;
}

export function DepartmentFormModal({ department, schoolId, ...dialog }: DepartmentFormModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fields = useStructureFields();
  const [form] = Form.useForm<DepartmentFormValues>();

  const save = useMutation({
    mutationFn: (values: DepartmentFormValues) =>
      addOrUpdate(department, toInput(values), { add: addDepartment, update: updateDepartment }),
    onSuccess: () => invalidateStructure(queryClient),
  });

  return (
    <EntityFormDialog
      {...dialog}
      title={t(department ? 'school.category.edit' : 'school.category.add')}
      name="departmentForm"
      form={form}
      initialValues={toFormValues(department, schoolId)}
      save={save}
      savedMessage={t(department ? 'common.saved' : 'school.category.added')}
      refused="form"
    >
      {fields.project()}
      {fields.name(t('school.category.name'))}
      {fields.code}
      {fields.active}
      {fields.sort}
      {fields.description}
    </EntityFormDialog>
  );
}
