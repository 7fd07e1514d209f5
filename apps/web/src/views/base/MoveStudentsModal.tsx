import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { batchMoveStudents } from '../../api/base';
import { MODAL_WIDTH } from '../../components/list/responsive';
import {
  BatchSelect,
  CategorySelect,
  JobTypeSelect,
  ProjectSelect,
  cascadeReset,
} from '../../components/structure';
import { baseKeys } from '../../components/knowledge/queries';
import { succeeded } from '../../utils/succeeded';

interface MoveValues {
  schoolId?: number;
  departmentId?: number;
  subjectId?: number;
  classId: number;
}

const BATCH_CHAIN = ['schoolId', 'departmentId', 'subjectId', 'classId'] as const;

interface MoveStudentsModalProps {
  open: boolean;
  ids: readonly number[];
  /** After the move: the selection is cleared. */
  onMoved: () => void;
  onClose: () => void;
}

/** Moves the selected students to one batch (their ticket numbers stay). */
export function MoveStudentsModal({ open, ids, onMoved, onClose }: MoveStudentsModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MoveValues>();
  const schoolId = Form.useWatch('schoolId', form);
  const departmentId = Form.useWatch('departmentId', form);
  const subjectId = Form.useWatch('subjectId', form);

  const move = useMutation({
    mutationFn: (classId: number) => batchMoveStudents([...ids], classId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: baseKeys.students }),
  });

  const submit = async ({ classId }: MoveValues) => {
    const call = move.mutateAsync(classId);
    if (!(await succeeded(call))) return;
    message.success(t('base.student.moved', { count: (await call).count }));
    onMoved();
    onClose();
  };

  const choose = (field: string) => ({
    required: true,
    message: t('base.rules.choose', { field }),
  });

  return (
    <Modal
      open={open}
      title={t('base.student.moveTitle', { count: ids.length })}
      width={MODAL_WIDTH}
      okText={t('base.student.move')}
      cancelText={t('common.cancel')}
      confirmLoading={move.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('base.student.moveHelp')}</Typography.Paragraph>
      <Form<MoveValues>
        name="moveForm"
        form={form}
        layout="vertical"
        onValuesChange={(changed: Partial<MoveValues>) =>
          form.setFieldsValue(cascadeReset(BATCH_CHAIN, changed))
        }
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="schoolId" label={t('base.student.project')}>
          <ProjectSelect />
        </Form.Item>
        <Form.Item name="departmentId" label={t('base.student.category')}>
          <CategorySelect schoolId={schoolId} />
        </Form.Item>
        <Form.Item name="subjectId" label={t('base.student.jobType')}>
          <JobTypeSelect departmentId={departmentId} />
        </Form.Item>
        <Form.Item
          name="classId"
          label={t('base.student.batch')}
          rules={[choose(t('base.student.batch'))]}
        >
          <BatchSelect subjectId={subjectId} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
