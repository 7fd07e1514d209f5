import {
  MARKING_COMMENT_MAX,
  QuestionType,
  type CorrectKeyBody,
  type KeyItemKey,
  type KeyItemView,
} from '@kaoshi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  Input,
  List,
  Modal,
  Radio,
  Select,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { correctKey, listKeyItems } from '../../api/marking';
import { MODAL_WIDTH } from '../../components/list/responsive';
import { SafeHtml } from '../../components/SafeHtml';
import { useCodeLabel } from '../../utils/use-code-label';
import { localTime } from '../../components/exam/exam-format';
import { markingKeys, points } from '../../components/marking/marking-format';

interface KeyForm {
  itemId?: string;
  /** Single choice, and judgement (T or F). */
  choice?: string;
  /** Multiple choice. */
  choices?: string[];
  /** Fill-in: the accepted answers of each blank. */
  blanks?: string[][];
  reason: string;
}

/** listKeyItems of the exam, under the marking keys' prefix (a correction refreshes it). */
const keyItemsKey = (examId: number) => [...markingKeys.all, 'keyItems', examId] as const;

/** The form's fields holding `key` for a question of `type`. */
function fieldsOf(type: number, key: KeyItemKey): Partial<KeyForm> {
  switch (type) {
    case QuestionType.SINGLE:
      return { choice: key.correctKeys[0] };
    case QuestionType.MULTIPLE:
      return { choices: key.correctKeys };
    case QuestionType.JUDGEMENT:
      return { choice: key.answer };
    default:
      return { blanks: key.blanks.map((accepted) => [...accepted]) };
  }
}

/** The key as correctKey takes it ('B', 'AC', 'T', or the accepted answers per blank). */
function answerOf(item: KeyItemView, values: KeyForm): CorrectKeyBody['answer'] {
  switch (item.type) {
    case QuestionType.SINGLE:
    case QuestionType.JUDGEMENT:
      return values.choice ?? '';
    case QuestionType.MULTIPLE:
      // In the paper's order of options, as the server keeps it.
      return item.options
        .map((option) => option.key)
        .filter((key) => values.choices?.includes(key))
        .join('');
    default:
      return (values.blanks ?? []).map((accepted) => accepted.map((a) => a.trim()).filter(Boolean));
  }
}

const sameAnswer = (a: CorrectKeyBody['answer'], b: CorrectKeyBody['answer']) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Key correction (docs/features/marking.md): the publisher picks an objective question of the exam's version,
 * reads its stem and the key in force, and sets the new key with the control of its type, with a
 * reason; the server re-scores every affected attempt at once and answers how many changed.
 */
export function KeyCorrectionDialog({
  open,
  examId,
  onClose,
}: {
  open: boolean;
  examId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const codeLabel = useCodeLabel();
  const [form] = Form.useForm<KeyForm>();
  const itemId = Form.useWatch('itemId', form);
  const [saving, setSaving] = useState(false);
  const items = useQuery({
    queryKey: keyItemsKey(examId),
    queryFn: () => listKeyItems(examId, { quiet: true }),
  });
  const item = items.data?.find((entry) => entry.itemId === itemId);

  const placeOf = (entry: KeyItemView) =>
    entry.number === null
      ? t('marking.key.poolItem', { section: entry.section, itemId: entry.itemId })
      : t('marking.overview.itemLabel', { section: entry.section, number: entry.number });
  const keyText = (entry: KeyItemView, key: KeyItemKey) => {
    switch (entry.type) {
      case QuestionType.SINGLE:
      case QuestionType.MULTIPLE:
        return key.correctKeys.join('');
      case QuestionType.JUDGEMENT:
        return key.answer === 'T' ? t('marking.key.true') : t('marking.key.false');
      default:
        return key.blanks
          .map((accepted, i) => `${t('marking.key.blank', { n: i + 1 })}: ${accepted.join(' / ')}`)
          .join('; ');
    }
  };

  const pick = (id: string) => {
    const picked = items.data?.find((entry) => entry.itemId === id);
    if (!picked) return;
    form.resetFields(['choice', 'choices', 'blanks']);
    form.setFieldsValue(fieldsOf(picked.type, picked.key));
  };

  const save = async (values: KeyForm) => {
    if (!item) return;
    setSaving(true);
    try {
      const result = await correctKey({
        examId,
        itemId: item.itemId,
        answer: answerOf(item, values),
        reason: values.reason,
      });
      message.success(t('marking.key.done', { count: result.rescored }));
      form.resetFields(['reason']);
    } catch {
      // The request layer has shown the server's reason (open exam, released, not a key…).
    } finally {
      setSaving(false);
      void queryClient.invalidateQueries({ queryKey: markingKeys.all });
    }
  };

  const required = (text: string) => ({ required: true, message: text });
  const unchanged = {
    validator: async () => {
      if (
        item &&
        sameAnswer(
          answerOf(item, form.getFieldsValue()),
          answerOf(item, fieldsOf(item.type, item.key) as KeyForm),
        )
      ) {
        throw new Error(t('marking.key.unchanged'));
      }
    },
  };

  return (
    <Modal
      open={open}
      title={t('marking.key.title')}
      width={MODAL_WIDTH}
      okText={t('marking.key.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !item }}
      onOk={() => form.submit()}
      onCancel={onClose}
      className="marking-key-dialog"
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('marking.key.help')} style={{ marginBottom: 16 }} />
      {items.isError && (
        <Alert
          type="error"
          showIcon
          title={t('marking.key.loadFailed')}
          description={items.error.message}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ reason: '' }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="itemId"
          label={t('marking.key.item')}
          rules={[required(t('marking.key.itemRequired'))]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={items.isPending}
            placeholder={t('marking.key.itemPlaceholder')}
            onChange={pick}
            className="marking-key-item"
            options={(items.data ?? []).map((entry) => ({
              value: entry.itemId,
              label: `${placeOf(entry)} · ${codeLabel('questionType', entry.type)}`,
            }))}
          />
        </Form.Item>
        {items.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
        {item && (
          <div className="marking-key-question">
            <Flex gap={8} wrap align="center" style={{ marginBottom: 8 }}>
              <Tag style={{ marginInlineEnd: 0 }}>{item.sectionTitle || placeOf(item)}</Tag>
              {item.fullScore !== null && (
                <Typography.Text type="secondary">
                  {t('marking.key.fullScore', { score: points(item.fullScore) })}
                </Typography.Text>
              )}
            </Flex>
            <SafeHtml html={item.content} className="rich-content" />
            {item.options.length > 0 && (
              <ol className="marking-key-options">
                {item.options.map((option) => (
                  <li key={option.key}>
                    <strong>{option.key}.</strong> <SafeHtml html={option.content} inline />
                  </li>
                ))}
              </ol>
            )}
            <Descriptions
              size="small"
              column={1}
              className="marking-key-current"
              items={[
                {
                  key: 'current',
                  label: t('marking.key.current'),
                  children: <strong>{keyText(item, item.key)}</strong>,
                },
              ]}
            />
          </div>
        )}
        {item?.type === QuestionType.SINGLE && (
          <Form.Item
            name="choice"
            label={t('marking.key.answer')}
            rules={[required(t('marking.key.keyRequired')), unchanged]}
          >
            <Radio.Group
              options={item.options.map((option) => ({ value: option.key, label: option.key }))}
            />
          </Form.Item>
        )}
        {item?.type === QuestionType.MULTIPLE && (
          <Form.Item
            name="choices"
            label={t('marking.key.answer')}
            rules={[
              { required: true, type: 'array', min: 1, message: t('marking.key.keyRequired') },
              unchanged,
            ]}
          >
            <Checkbox.Group
              options={item.options.map((option) => ({ value: option.key, label: option.key }))}
            />
          </Form.Item>
        )}
        {item?.type === QuestionType.JUDGEMENT && (
          <Form.Item
            name="choice"
            label={t('marking.key.answer')}
            rules={[required(t('marking.key.keyRequired')), unchanged]}
          >
            <Radio.Group
              options={[
                { value: 'T', label: t('marking.key.true') },
                { value: 'F', label: t('marking.key.false') },
              ]}
            />
          </Form.Item>
        )}
        {item?.type === QuestionType.FILL_BLANK &&
          Array.from({ length: item.blankCount }, (_, i) => (
            <Form.Item
              key={i}
              name={['blanks', i]}
              label={t('marking.key.blank', { n: i + 1 })}
              extra={i === item.blankCount - 1 ? t('marking.key.blankHelp') : undefined}
              rules={[
                { required: true, type: 'array', min: 1, message: t('marking.key.keyRequired') },
                ...(i === item.blankCount - 1 ? [unchanged] : []),
              ]}
            >
              <Select
                mode="tags"
                open={false}
                tokenSeparators={['|']}
                suffixIcon={null}
                className="marking-key-blank"
                aria-label={t('marking.key.blank', { n: i + 1 })}
              />
            </Form.Item>
          ))}
        {item && (
          <Form.Item
            name="reason"
            label={t('marking.key.reason')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('common.required', { field: t('marking.key.reason') }),
              },
            ]}
          >
            <Input.TextArea rows={2} maxLength={MARKING_COMMENT_MAX} />
          </Form.Item>
        )}
      </Form>
      {item && item.corrections.length > 0 && (
        <List
          size="small"
          className="marking-key-history"
          header={<Typography.Text strong>{t('marking.key.history')}</Typography.Text>}
          dataSource={[...item.corrections].reverse()}
          renderItem={(entry, i) => (
            <List.Item key={i}>
              <Flex vertical gap={2}>
                <Flex gap={8} wrap>
                  <strong>{keyText(item, entry.key)}</strong>
                  <span>{localTime(entry.at)}</span>
                  <Typography.Text type="secondary">{entry.userName}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t('marking.key.rescored', { count: entry.rescored })}
                  </Typography.Text>
                </Flex>
                <span>{entry.reason}</span>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
