import { PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  IRREGULARITY_ACTIONS,
  IRREGULARITY_CATEGORIES,
  IRREGULARITY_NOTE_MAX,
  IRREGULARITY_REASON_MAX,
  type IrregularityAction,
  type IrregularityCategory,
  type IrregularityView,
} from '@kaoshi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  listIrregularities,
  recordIrregularity,
  reverseIrregularity,
} from '../../api/irregularity';
import { localMinute } from './local-minute';

/** A candidate the dialog offers (the proctor's rows, the console's room). */
export interface IrregularityCandidate {
  studentId: number;
  name: string;
  ticketNumber: string;
}

interface RecordForm {
  category: IrregularityCategory;
  note: string;
  studentIds: number[];
  action: IrregularityAction;
  reason?: string;
}

/**
 * An exam's (or a room's) irregularity records with the record dialog and a chief's reversal
 * (docs/features/irregularities.md). `roomId`: the room the records are about (the console's);
 * `preselected`: a candidate the dialog starts with (a row's action).
 */
export function IrregularityPanel({
  examId,
  roomId,
  candidates,
  preselected,
  onChanged,
}: {
  examId: number;
  roomId?: number;
  candidates: IrregularityCandidate[];
  preselected?: number | null;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const key = ['irregularities', examId, roomId ?? null];
  const list = useQuery({ queryKey: key, queryFn: () => listIrregularities(examId, roomId) });
  const [open, setOpen] = useState(false);
  const [reversing, setReversing] = useState<IrregularityView | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<RecordForm>();
  const [reverseForm] = Form.useForm<{ reason: string }>();
  const action = Form.useWatch('action', form);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['irregularities', examId] });
    onChanged?.();
  };
  const startRecord = () => {
    form.resetFields();
    form.setFieldsValue({
      category: 'candidate',
      action: 'warning',
      studentIds: preselected ? [preselected] : [],
    });
    setOpen(true);
  };
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await recordIrregularity({
        examId,
        roomId: roomId ?? null,
        ...values,
        studentIds: values.studentIds ?? [],
      });
      void message.success(t('irregularity.recorded'));
      setOpen(false);
      refresh();
    } finally {
      setBusy(false);
    }
  };
  const submitReverse = async () => {
    const { reason } = await reverseForm.validateFields();
    setBusy(true);
    try {
      await reverseIrregularity({ id: reversing!.id, reason });
      void message.success(t('irregularity.done'));
      setReversing(null);
      refresh();
    } finally {
      setBusy(false);
    }
  };

  const rows = list.data?.rows ?? [];
  return (
    <Card
      size="small"
      className="irregularity-panel"
      title={t('irregularity.title')}
      extra={
        <Button icon={<PlusOutlined />} type="primary" onClick={startRecord}>
          {t('irregularity.record')}
        </Button>
      }
    >
      <Table<IrregularityView>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('irregularity.empty') }}
        columns={[
          {
            title: t('irregularity.recordedAt'),
            dataIndex: 'recordedAt',
            render: (at: string) => localMinute(at),
          },
          {
            title: t('irregularity.category'),
            dataIndex: 'category',
            render: (category: IrregularityCategory) => t(`irregularity.categories.${category}`),
          },
          {
            title: t('irregularity.action'),
            render: (_, row) => (
              <Flex vertical gap={2}>
                <span>
                  <Tag color={row.action === 'terminate' ? 'red' : 'orange'}>
                    {t(`irregularity.${row.action}`)}
                  </Tag>
                </span>
                {row.reason && <Typography.Text type="secondary">{row.reason}</Typography.Text>}
                {row.reversedAt && (
                  <Typography.Text type="success">
                    {t('irregularity.reversed', {
                      by: row.reversedBy,
                      at: localMinute(row.reversedAt),
                      reason: row.reverseReason,
                    })}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: t('irregularity.candidates'),
            render: (_, row) =>
              row.candidates.map((c) => `${c.name} (${c.ticketNumber})`).join('、') || '—',
          },
          { title: t('irregularity.note'), dataIndex: 'note' },
          { title: t('irregularity.room'), dataIndex: 'roomName', render: (name) => name ?? '—' },
          { title: t('irregularity.recordedBy'), dataIndex: 'recordedBy' },
          {
            key: 'reverse',
            render: (_, row) =>
              list.data?.canReverse && row.action === 'terminate' && !row.reversedAt ? (
                <Button
                  size="small"
                  icon={<RollbackOutlined />}
                  onClick={() => {
                    reverseForm.resetFields();
                    setReversing(row);
                  }}
                >
                  {t('irregularity.reverse')}
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        open={open}
        title={t('irregularity.record')}
        onCancel={() => setOpen(false)}
        onOk={() => void submit()}
        okButtonProps={{ loading: busy, danger: action === 'terminate' }}
        okText={t('irregularity.record')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="category"
            label={t('irregularity.category')}
            rules={[{ required: true }]}
          >
            <Radio.Group
              optionType="button"
              options={IRREGULARITY_CATEGORIES.map((value) => ({
                value,
                label: t(`irregularity.categories.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="studentIds" label={t('irregularity.candidates')}>
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              options={candidates.map((c) => ({
                value: c.studentId,
                label: `${c.name} (${c.ticketNumber})`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="note"
            label={t('irregularity.note')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input.TextArea maxLength={IRREGULARITY_NOTE_MAX} autoSize={{ minRows: 2 }} />
          </Form.Item>
          <Form.Item name="action" label={t('irregularity.action')}>
            <Radio.Group
              options={IRREGULARITY_ACTIONS.map((value) => ({
                value,
                label: t(`irregularity.${value}`),
              }))}
            />
          </Form.Item>
          {action === 'terminate' && (
            <Form.Item
              name="reason"
              label={t('irregularity.reason')}
              rules={[{ required: true, whitespace: true }]}
            >
              <Input maxLength={IRREGULARITY_REASON_MAX} />
            </Form.Item>
          )}
        </Form>
      </Modal>
      <Modal
        open={reversing !== null}
        title={t('irregularity.reverseTitle')}
        onCancel={() => setReversing(null)}
        onOk={() => void submitReverse()}
        okButtonProps={{ loading: busy }}
        okText={t('irregularity.reverse')}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {t('irregularity.reverseHint')}
        </Typography.Paragraph>
        <Form form={reverseForm} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label={t('irregularity.reverseReason')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input maxLength={IRREGULARITY_REASON_MAX} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
