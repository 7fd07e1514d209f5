import type { ClassTeacherView, ClassView } from '@kaoshi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Modal, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindClassTeachers, listClassTeachers, listTeachersForSelect } from '../../api/school';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { schoolKeys } from '../../components/structure';

const SEARCH_DELAY_MS = 300;

const teacherLabel = (teacher: ClassTeacherView) =>
  teacher.nickName && teacher.nickName !== teacher.name
    ? `${teacher.nickName} (${teacher.name})`
    : teacher.name;

interface ClassTeachersModalProps {
  open: boolean;
  batch?: ClassView;
  onClose: () => void;
}

/** Who is assigned to a batch: they see it and its students, and mark its exams. */
export function ClassTeachersModal({ open, batch, onClose }: ClassTeachersModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<number[]>();

  // The server searches (it answers at most 200 teachers); wait for a pause in the typing.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const batchId = batch?.id;
  const assigned = useQuery({
    queryKey: schoolKeys.classTeachers(batchId ?? 0),
    queryFn: () => listClassTeachers(batchId!),
    enabled: open && batchId !== undefined,
    staleTime: 0,
  });
  const found = useQuery({
    queryKey: [...schoolKeys.teacherOptions, keyword],
    queryFn: () => listTeachersForSelect(keyword),
    enabled: open,
  });

  // The assigned teachers keep their names even when the search does not find them.
  const options = useMemo(() => {
    const byId = new Map<number, ClassTeacherView>();
    for (const teacher of [...(assigned.data ?? []), ...(found.data ?? [])]) {
      byId.set(teacher.id, teacher);
    }
    return [...byId.values()].map((teacher) => ({
      value: teacher.id,
      label: teacherLabel(teacher),
    }));
  }, [assigned.data, found.data]);

  const value = chosen ?? assigned.data?.map((teacher) => teacher.id) ?? [];

  const save = useMutation({
    mutationFn: (userIds: number[]) => bindClassTeachers(batchId!, userIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolKeys.all }),
  });

  const submit = async () => {
    if (batchId === undefined) return;
    try {
      await save.mutateAsync(value);
    } catch {
      return; // the request layer showed why
    }
    message.success(t('school.batch.teachersSaved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={batch ? t('school.batch.teachersTitle', { name: batch.name }) : undefined}
      width={MODAL_WIDTH}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: assigned.isPending }}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        title={t('school.batch.teachersHelp')}
        style={{ marginBottom: 16 }}
      />
      <Select<number[]>
        id="classTeachers"
        mode="multiple"
        allowClear
        style={{ width: '100%' }}
        value={value}
        onChange={setChosen}
        loading={assigned.isPending || found.isFetching}
        placeholder={t('school.batch.chooseTeachers')}
        aria-label={t('school.batch.teachers')}
        showSearch={{ filterOption: false, onSearch: setTyped }}
        notFoundContent={found.isFetching ? t('common.loading') : t('common.noData')}
        options={options}
      />
    </Modal>
  );
}
