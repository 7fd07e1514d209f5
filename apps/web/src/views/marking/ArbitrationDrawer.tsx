import {
  MARKING_COMMENT_MAX,
  type ArbitrationView,
  type MarkingProgressView,
} from '@kaoshi/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Pagination,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { arbitrate, listArbitration } from '../../api/marking';
import { SafeHtml } from '../../components/SafeHtml';
import { answerText, markingKeys, onStep, points } from '../../components/marking/marking-format';
import { useItemLabel, useMarkerName } from './marking-names';
import { ResponsiveDrawer } from '../../components/ResponsiveDrawer';
import { type MarkingDialogProps } from './marking-dialog';

const PAGE = 5;

/**
 * Answers whose two marks differ beyond the tolerance (docs/features/marking.md): both marks side by side,
 * the stem, the model answer and the candidate's answer under an anonymous code only; the
 * arbiter sets the final score (0 to full, on the step) with a comment.
 */
export function ArbitrationDrawer({ open, view, onClose }: MarkingDialogProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: markingKeys.arbitration(view.examId, page),
    queryFn: () => listArbitration({ examId: view.examId, page, limit: PAGE }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.list ?? [];

  return (
    <ResponsiveDrawer
      open={open}
      title={t('marking.arbitration.title')}
      width={720}
      wideFrom="md"
      onClose={onClose}
      loading={open && list.isPending}
      className="marking-arbitration"
    >
      {rows.length === 0 ? (
        <Empty description={t('marking.arbitration.empty')} />
      ) : (
        <Flex vertical gap={16}>
          {rows.map((row) => (
            <ArbitrationCard key={row.answerId} row={row} view={view} />
          ))}
          <Pagination
            align="center"
            current={page}
            pageSize={PAGE}
            total={list.data?.total ?? 0}
            onChange={setPage}
            hideOnSinglePage
          />
        </Flex>
      )}
    </ResponsiveDrawer>
  );
}

function ArbitrationCard({ row, view }: { row: ArbitrationView; view: MarkingProgressView }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const itemLabel = useItemLabel(view.items);
  const markerName = useMarkerName(view);
  const [form] = Form.useForm<{ score: number | null; comment: string }>();
  const [saving, setSaving] = useState(false);
  const step = view.plan?.step ?? 0.01;
  const [a, b] = row.marks;
  const answer = answerText(row.value);

  const save = async ({ score, comment }: { score: number | null; comment: string }) => {
    if (score === null) return;
    setSaving(true);
    try {
      await arbitrate({ answerId: row.answerId, score, comment: comment ?? '' });
      message.success(t('marking.arbitration.saved', { score: points(score) }));
    } catch {
      // The request layer has shown the server's reason.
    } finally {
      setSaving(false);
      void queryClient.invalidateQueries({ queryKey: markingKeys.all });
    }
  };

  return (
    <Card
      size="small"
      className="marking-arbitration-item"
      data-answer={row.answerId}
      title={
        <Flex gap={8} wrap align="center">
          <span>{t('marking.arbitration.candidate', { code: row.anonCode })}</span>
          <Tag style={{ marginInlineEnd: 0 }}>{itemLabel(row.itemId)}</Tag>
        </Flex>
      }
      extra={
        a && b ? (
          <Tag color="orange" style={{ marginInlineEnd: 0 }}>
            {t('marking.arbitration.gap', { gap: points(Math.abs(a.score - b.score)) })}
          </Tag>
        ) : undefined
      }
    >
      <div className="marking-marks">
        {row.marks.map((mark, i) => (
          <div key={mark.markerId} className="marking-mark-box">
            <Typography.Text type="secondary">
              {t('marking.arbitration.markN', { n: i + 1 })} · {markerName(mark.markerId)}
            </Typography.Text>
            <div className="marking-mark-score">{points(mark.score)}</div>
            {mark.comment && (
              <Typography.Paragraph style={{ margin: 0 }}>{mark.comment}</Typography.Paragraph>
            )}
          </div>
        ))}
      </div>
      <Descriptions
        column={1}
        size="small"
        layout="vertical"
        items={[
          {
            key: 'stem',
            label: t('marking.arbitration.stem'),
            children: <SafeHtml html={row.content} className="rich-content" />,
          },
          {
            key: 'model',
            label: t('marking.arbitration.modelAnswer'),
            children: <SafeHtml html={row.modelAnswer} className="rich-content" />,
          },
          {
            key: 'answer',
            label: t('marking.arbitration.answer'),
            children: (
              <div className="marking-answer">
                {answer || (
                  <Typography.Text type="secondary">
                    {t('marking.arbitration.emptyAnswer')}
                  </Typography.Text>
                )}
              </div>
            ),
          },
        ]}
      />
      <Form
        form={form}
        name={`arbitrate-${row.answerId}`}
        layout="vertical"
        initialValues={{ score: null, comment: '' }}
        onFinish={(values) => void save(values)}
        className="marking-arbitration-form"
      >
        <Form.Item
          name="score"
          label={t('marking.arbitration.final')}
          extra={t('marking.arbitration.finalHelp', {
            full: points(row.fullScore),
            step: points(step),
          })}
          rules={[
            {
              required: true,
              message: t('marking.arbitration.finalHelp', {
                full: points(row.fullScore),
                step: points(step),
              }),
            },
            {
              validator: (_, value: number | null) =>
                value === null || value === undefined || onStep(value, step)
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(t('marking.arbitration.offStep', { step: points(step) })),
                    ),
            },
          ]}
        >
          <InputNumber
            min={0}
            max={row.fullScore}
            step={step}
            precision={2}
            style={{ width: 160 }}
            aria-label={t('marking.arbitration.final')}
          />
        </Form.Item>
        <Form.Item name="comment" label={t('marking.arbitration.comment')}>
          <Input.TextArea rows={2} maxLength={MARKING_COMMENT_MAX} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('marking.arbitration.save')}
        </Button>
      </Form>
    </Card>
  );
}
