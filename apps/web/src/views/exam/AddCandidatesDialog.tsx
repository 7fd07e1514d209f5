import type { EligibleStudent } from '@kaoshi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Input, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addCandidates, listEligibleStudents } from '../../api/exam';
import { examKeys } from '../../components/exam/exam-routes';

interface AddCandidatesDialogProps {
  open: boolean;
  examId: number;
  onClose: () => void;
}

/**
 * Students added one by one to a published exam: those of its job type and level in the user's
 * batches who are not candidates yet, found by name or ticket number.
 */
export function AddCandidatesDialog({ open, examId, onClose }: AddCandidatesDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<Map<number, EligibleStudent>>(new Map());
  const [saving, setSaving] = useState(false);
  const students = useQuery({
    queryKey: [...examKeys.all, 'eligible', examId, keyword],
    queryFn: () => listEligibleStudents(examId, keyword || undefined),
    enabled: open,
  });

  const toggle = (rows: EligibleStudent[], on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });

  const save = async () => {
    setSaving(true);
    try {
      const { added } = await addCandidates(examId, [...chosen.keys()]);
      message.success(t('exam.candidates.added', { count: added }));
      onClose();
    } catch {
      // The request layer has shown why.
    } finally {
      setSaving(false);
      void queryClient.invalidateQueries({ queryKey: examKeys.all });
    }
  };

  return (
    <Modal
      open={open}
      title={t('exam.candidates.addTitle')}
      width={{ xs: '100%', sm: 640 }}
      okText={t('exam.candidates.addCount', { count: chosen.size })}
      okButtonProps={{ disabled: chosen.size === 0 }}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      className="exam-add-candidates"
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Input.Search
          allowClear
          placeholder={t('exam.candidates.eligibleKeyword')}
          aria-label={t('exam.candidates.eligibleKeyword')}
          enterButton
          onSearch={(value) => setKeyword(value.trim())}
        />
        <Typography.Text type="secondary">{t('exam.candidates.eligibleHelp')}</Typography.Text>
        <Table<EligibleStudent>
          size="small"
          rowKey="id"
          loading={students.isFetching}
          dataSource={students.data}
          pagination={false}
          scroll={{ x: 'max-content', y: 320 }}
          locale={{ emptyText: t('exam.candidates.noEligible') }}
          rowSelection={{
            selectedRowKeys: [...chosen.keys()],
            onSelect: (row, on) => toggle([row], on),
            onSelectAll: (on, _rows, changed) => toggle(changed, on),
            getCheckboxProps: (row) => ({
              'aria-label': t('exam.check.student', { name: row.name, ticket: row.ticketNumber }),
            }),
          }}
          columns={[
            { title: t('exam.candidates.ticket'), dataIndex: 'ticketNumber' },
            { title: t('exam.candidates.name'), dataIndex: 'name' },
            { title: t('exam.fields.batch'), dataIndex: 'className' },
          ]}
        />
        {chosen.size > 0 && (
          <Flex wrap gap={4} className="exam-add-chosen">
            {[...chosen.values()].map((student) => (
              <Tag
                key={student.id}
                closable
                onClose={() => toggle([student], false)}
                style={{ marginInlineEnd: 0 }}
              >
                {student.name}
              </Tag>
            ))}
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}
