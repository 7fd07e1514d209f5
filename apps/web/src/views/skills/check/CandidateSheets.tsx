import { DownloadOutlined } from '@ant-design/icons';
import type { CandidateSheetsView, CheckAssessmentView, ScoringView } from '@kaoshi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Modal,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkCandidate,
  decideCandidate,
  downloadSheetPdf,
  getCandidateSheets,
  reopenSheet,
} from '../../../api/skills-check';
import { succeeded } from '../../../utils/succeeded';
import { checkKeys, STATE_COLORS } from './check-routes';
import { compareRows, totalsSpread, type CompareRow } from './sheet-compare';
import './score-check.css';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

interface ReasonValues {
  reason: string;
  score?: number;
  veto?: boolean;
}

/**
 * One candidate's sheets side by side (items × examiners, differences marked): the chief
 * reopens a sheet or decides a dispute with a reason, the checker signs, either downloads the PDF.
 */
export function CandidateSheets({
  assessment,
  candidateId,
}: {
  assessment: CheckAssessmentView;
  candidateId: number;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [reopening, setReopening] = useState<ScoringView>();
  const [deciding, setDeciding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<ReasonValues>();
  // A phone keeps the item column narrow so the examiners' columns stay in view beside it.
  const narrow = !Grid.useBreakpoint().md;
  const sheets = useQuery({
    queryKey: checkKeys.sheets(candidateId),
    queryFn: () => getCandidateSheets(candidateId),
  });
  const view = sheets.data;
  const vetoChosen = Form.useWatch('veto', form);

  const changed = (next: CandidateSheetsView) => {
    queryClient.setQueryData(checkKeys.sheets(candidateId), next);
    void queryClient.invalidateQueries({ queryKey: checkKeys.lists });
  };
  const run = async (call: () => Promise<CandidateSheetsView>, done: string) => {
    setBusy(true);
    try {
      const result = call();
      if (!(await succeeded(result))) return false;
      changed(await result);
      message.success(done);
      return true;
    } finally {
      setBusy(false);
    }
  };

  if (!view) return <Table loading columns={[]} dataSource={[]} />;
  const { candidate } = view;
  const open = candidate.state !== 'checked';
  const chief = assessment.chief && open;
  const spread = totalsSpread(view);

  const markCell = (row: CompareRow, index: number) => {
    if (row.kind === 'task') return null;
    const mark = row.marks[index]!;
    return (
      <Flex vertical gap={2}>
        {row.veto ? (
          mark.vetoHit ? (
            <Tag color="red">{t('skillsCheck.sheets.vetoHit')}</Tag>
          ) : (
            <span>—</span>
          )
        ) : (
          <strong>
            {mark.points === null
              ? '—'
              : // Nothing deducted reads 0, not "−0".
                row.deduct && mark.points !== 0
                ? `−${mark.points}`
                : mark.points}
          </strong>
        )}
        {mark.note && (
          <Typography.Text type="secondary" className="score-check-note">
            {t('skillsCheck.sheets.note', { note: mark.note })}
          </Typography.Text>
        )}
      </Flex>
    );
  };

  const columns: TableColumnsType<CompareRow> = [
    {
      title: t('skillsCheck.sheets.item'),
      key: 'item',
      fixed: 'left',
      width: narrow ? 120 : 200,
      render: (_, row) =>
        row.kind === 'task' ? (
          <strong>{row.title}</strong>
        ) : (
          <Flex vertical gap={2}>
            <span>
              {row.title} {row.veto && <Tag color="red">{t('skillsCheck.sheets.veto')}</Tag>}
            </span>
            {row.criteria && (
              <Typography.Text type="secondary" className="score-check-note">
                {row.criteria}
              </Typography.Text>
            )}
          </Flex>
        ),
    },
    {
      title: t('skillsCheck.sheets.points'),
      key: 'points',
      // Wide enough for the heading and, below the points, "deducted" in every language.
      width: narrow ? 88 : 100,
      render: (_, row) =>
        row.kind === 'item' && !row.veto ? (
          <Flex vertical gap={2}>
            <span>{row.points}</span>
            {row.deduct && (
              <Typography.Text type="secondary" className="score-check-note">
                {t('skillsCheck.sheets.deduct')}
              </Typography.Text>
            )}
          </Flex>
        ) : null,
    },
    ...view.sheets.map((sheet, index) => ({
      title: sheet.examinerName,
      key: `e${sheet.examinerId}`,
      width: narrow ? 100 : 130,
      onCell: (row: CompareRow) => ({
        className: row.differs ? 'score-check-differs' : undefined,
      }),
      render: (_: unknown, row: CompareRow) => markCell(row, index),
    })),
  ];

  const summaryRow = (
    label: string,
    cell: (sheet: ScoringView) => React.ReactNode,
    key: string,
  ) => (
    <Table.Summary.Row key={key}>
      <Table.Summary.Cell index={0}>{label}</Table.Summary.Cell>
      <Table.Summary.Cell index={1} />
      {view.sheets.map((sheet, index) => (
        <Table.Summary.Cell index={index + 2} key={sheet.examinerId}>
          {cell(sheet)}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );

  const confirmCheck = () =>
    modal.confirm({
      title: t('skillsCheck.check.confirm', {
        name: candidate.name,
        score: candidate.finalVeto ? 0 : candidate.finalScore,
      }),
      okText: t('skillsCheck.actions.check'),
      cancelText: t('common.cancel'),
      onOk: () => run(() => checkCandidate(candidateId), t('skillsCheck.check.done')),
    });

  const submitModal = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const ok = reopening
      ? await run(
          () => reopenSheet({ scoringId: reopening.scoringId!, reason: values.reason }),
          t('skillsCheck.reopen.done'),
        )
      : await run(
          () =>
            decideCandidate({
              candidateId,
              score: values.veto ? 0 : (values.score ?? 0),
              veto: values.veto ?? false,
              reason: values.reason,
            }),
          t('skillsCheck.decide.done'),
        );
    if (ok) closeModal();
  };
  const closeModal = () => {
    setReopening(undefined);
    setDeciding(false);
    form.resetFields();
  };
  const startDecide = () => {
    const totals = view.sheets.flatMap((s) => (s.total === null ? [] : [s.total]));
    const mean = totals.length ? totals.reduce((a, b) => a + b, 0) / totals.length : 0;
    form.setFieldsValue({ score: candidate.finalScore ?? Math.round(mean), veto: false });
    setDeciding(true);
  };

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} align="center">
        <Tag color={STATE_COLORS[candidate.state]}>
          {t(`skillsCheck.states.${candidate.state}`)}
        </Tag>
        <span>
          {t('skillsCheck.sheets.final')}:{' '}
          <strong data-testid="final-score">
            {candidate.finalVeto ? 0 : (candidate.finalScore ?? '—')}
          </strong>
        </span>
        <Typography.Text type={spread > view.tolerance ? 'danger' : 'secondary'}>
          {t('skillsCheck.sheets.tolerance', { points: view.tolerance, spread })}
        </Typography.Text>
      </Flex>
      {view.decisionReason && (
        <Alert
          type="info"
          title={t('skillsCheck.sheets.decision', {
            score: candidate.finalVeto ? 0 : candidate.finalScore,
            reason: view.decisionReason,
          })}
        />
      )}
      {view.checkedAt && (
        <Alert
          type="success"
          title={t('skillsCheck.sheets.checkedAt', { at: when(view.checkedAt) })}
        />
      )}
      <Table<CompareRow>
        className="score-check-grid"
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        columns={columns}
        dataSource={compareRows(view)}
        rowClassName={(row) => (row.kind === 'task' ? 'score-check-task' : '')}
        scroll={{ x: narrow ? 176 + 100 * view.sheets.length : 280 + 130 * view.sheets.length }}
        summary={() => (
          <Table.Summary>
            {summaryRow(t('skillsCheck.sheets.overtime'), (s) => s.timer.overtimeMinutes, 'o')}
            {summaryRow(
              t('skillsCheck.sheets.total'),
              (s) =>
                s.vetoHit ? (
                  <Tag color="red">{t('skillsCheck.sheets.vetoHit')} · 0</Tag>
                ) : (
                  <strong>{s.total ?? '—'}</strong>
                ),
              't',
            )}
            {summaryRow(
              t('skillsCheck.sheets.signedAt'),
              (s) => (
                <Flex vertical gap={4} align="start">
                  {s.signedAt ? (
                    <span>{when(s.signedAt)}</span>
                  ) : (
                    <Typography.Text type="warning">
                      {s.reopenReason
                        ? t('skillsCheck.sheets.reopened', { reason: s.reopenReason })
                        : t('skillsCheck.sheets.notSigned')}
                    </Typography.Text>
                  )}
                  {chief && s.signedAt && s.scoringId !== null && (
                    <Button size="small" onClick={() => setReopening(s)}>
                      {t('skillsCheck.actions.reopen')}
                    </Button>
                  )}
                </Flex>
              ),
              's',
            )}
          </Table.Summary>
        )}
      />
      <Space wrap>
        {chief && (candidate.state === 'disputed' || candidate.state === 'decided') && (
          <Button type="primary" onClick={startDecide}>
            {t('skillsCheck.actions.decide')}
          </Button>
        )}
        {assessment.checker && (candidate.state === 'agreed' || candidate.state === 'decided') && (
          <Button type="primary" loading={busy} onClick={confirmCheck}>
            {t('skillsCheck.actions.check')}
          </Button>
        )}
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void succeeded(downloadSheetPdf(assessment.id, candidateId))}
        >
          {t('skillsCheck.actions.pdf')}
        </Button>
      </Space>
      <Modal
        open={reopening !== undefined || deciding}
        title={
          reopening
            ? t('skillsCheck.reopen.title', { name: reopening.examinerName })
            : t('skillsCheck.decide.title')
        }
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        onOk={() => void submitModal()}
        onCancel={closeModal}
        forceRender
      >
        <Form form={form} layout="vertical">
          {deciding && (
            <>
              <Form.Item name="veto" label={t('skillsCheck.decide.veto')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item
                name="score"
                label={t('skillsCheck.decide.score')}
                rules={[{ required: !vetoChosen }]}
              >
                <InputNumber
                  min={0}
                  max={view.sheet.fullScore}
                  step={view.sheet.step}
                  precision={2}
                  disabled={vetoChosen}
                />
              </Form.Item>
            </>
          )}
          <Form.Item
            name="reason"
            label={deciding ? t('skillsCheck.decide.reason') : t('skillsCheck.reopen.reason')}
            rules={[{ required: true, whitespace: true, max: 500 }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
