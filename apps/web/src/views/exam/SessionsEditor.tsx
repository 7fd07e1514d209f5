import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ExamSessionView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { setSessions } from '../../api/venue';
import { DateTimePicker } from '../../components/DateTimePicker';
import { localWindow } from '../../components/exam/exam-format';
import { toastError } from '../../utils/feedback';
import { withoutFieldLabel } from '../../utils/server-error';
import { ERROR_TOAST_MS } from '../../api/request';
import { venueKeys } from './venue-keys';

interface SessionRowValues {
  id?: number;
  name: string;
  startAt?: Dayjs;
  endAt?: Dayjs;
}

/**
 * The exam's sessions (场次): a small table of name, start and end, saved as a whole list.
 * Planning seats then shares the candidates out over them (docs/features/venues.md "Sessions").
 */
export function SessionsEditor({
  examId,
  sessions,
  window,
  disabled,
}: {
  examId: number;
  sessions: ExamSessionView[];
  /** The exam's window: new sessions start inside it. */
  window: { startAt: string; endAt: string };
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ sessions: SessionRowValues[] }>();
  const save = useMutation({
    mutationFn: (values: { sessions: SessionRowValues[] }) =>
      setSessions(
        {
          examId,
          sessions: (values.sessions ?? []).map((row) => ({
            id: row.id,
            name: row.name,
            startAt: row.startAt?.toISOString() ?? '',
            endAt: row.endAt?.toISOString() ?? '',
          })),
        },
        { quiet: true },
      ),
    onSuccess: () => {
      message.success(t('venue.session.saved'));
      return queryClient.invalidateQueries({ queryKey: venueKeys.plan(examId) });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      // The server names the row and column: sessions.1.endAt.
      const match = /^sessions\.(\d+)\.(name|startAt|endAt)$/.exec(error.field ?? '');
      if (!match) {
        toastError(error.message, ERROR_TOAST_MS);
        return;
      }
      form.setFields([
        {
          name: ['sessions', Number(match[1]), match[2] as 'name' | 'startAt' | 'endAt'],
          errors: [withoutFieldLabel(error.message)],
        },
      ]);
    },
  });
  const required = (field: string) => ({
    required: true,
    message: t('common.required', { field }),
  });
  return (
    <Card size="small" title={t('venue.session.title')} className="seat-plan-sessions">
      <Typography.Paragraph type="secondary">{t('venue.session.help')}</Typography.Paragraph>
      <Form<{ sessions: SessionRowValues[] }>
        form={form}
        name="sessionsForm"
        disabled={disabled}
        initialValues={{
          sessions: sessions.map((session) => ({
            id: session.id,
            name: session.name,
            startAt: dayjs(session.startAt),
            endAt: dayjs(session.endAt),
          })),
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.List name="sessions">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((field, index) => (
                <Flex key={field.key} vertical gap={8} className="seat-plan-session-row">
                  <Form.Item name={[field.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Flex gap={8} align="start">
                    <Form.Item
                      name={[field.name, 'name']}
                      rules={[required(t('venue.session.name'))]}
                      style={{ marginBottom: 0, flex: '1 1 auto' }}
                    >
                      <Input
                        placeholder={t('venue.session.name')}
                        aria-label={`${t('venue.session.name')} ${index + 1}`}
                      />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('venue.session.remove')}
                      title={t('venue.session.remove')}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                  <Flex wrap gap={8}>
                    <Form.Item
                      name={[field.name, 'startAt']}
                      rules={[required(t('venue.session.startAt'))]}
                      style={{ marginBottom: 0, flex: '1 1 140px' }}
                    >
                      <DateTimePicker
                        format="YYYY-MM-DD HH:mm"
                        style={{ width: '100%' }}
                        aria-label={`${t('venue.session.startAt')} ${index + 1}`}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'endAt']}
                      rules={[required(t('venue.session.endAt'))]}
                      style={{ marginBottom: 0, flex: '1 1 140px' }}
                    >
                      <DateTimePicker
                        format="YYYY-MM-DD HH:mm"
                        style={{ width: '100%' }}
                        aria-label={`${t('venue.session.endAt')} ${index + 1}`}
                      />
                    </Form.Item>
                  </Flex>
                </Flex>
              ))}
              {fields.length === 0 && (
                <Typography.Text type="secondary">
                  {t('venue.session.none', { window: localWindow(window.startAt, window.endAt) })}
                </Typography.Text>
              )}
              <Flex wrap gap={8}>
                <Button
                  icon={<PlusOutlined />}
                  onClick={() =>
                    add({
                      name: t('venue.session.defaultName', { n: fields.length + 1 }),
                      startAt: dayjs(window.startAt),
                      endAt: dayjs(window.endAt),
                    })
                  }
                >
                  {t('venue.session.add')}
                </Button>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {t('venue.session.save')}
                </Button>
              </Flex>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
