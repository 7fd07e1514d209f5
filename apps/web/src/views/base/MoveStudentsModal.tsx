import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { batchMoveStudents } from '../../api/base';
import { EntityFormDialog, type EntityDialogProps } from '../../components/form/EntityFormDialog';
import { baseKeys } from '../../components/knowledge/queries';
import { useBatchFields } from './use-base-fields';

interface MoveValues {
  schoolId?: number;
  departmentId?: number;
  subjectId?: number;
  classId: number;
}

interface MoveStudentsModalProps extends EntityDialogProps {
  ids: readonly number[];
  /** After the move: the selection is cleared. */
  onMoved: () => void;
}

/** Moves the selected students to one batch (their ticket numbers stay). */
export function MoveStudentsModal({ ids, onMoved, ...dialog }: MoveStudentsModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MoveValues>();
  const batch = useBatchFields(form);

  const move = useMutation({
    mutationFn: ({ classId }: MoveValues) => batchMoveStudents([...ids], classId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: baseKeys.students }),
  });

  return (
    <EntityFormDialog
      {...dialog}
      title={t('base.student.moveTitle', { count: ids.length })}
      name="moveForm"
      form={form}
      save={move}
      savedMessage={({ count }) => t('base.student.moved', { count })}
      onSaved={onMoved}
      modal={{ okText: t('base.student.move') }}
      header={
        <Typography.Paragraph type="secondary">{t('base.student.moveHelp')}</Typography.Paragraph>
      }
      formProps={{ onValuesChange: batch.onValuesChange }}
    >
      {batch.items}
    </EntityFormDialog>
  );
}
