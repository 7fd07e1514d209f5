import { SEAT_PLAN_MODES, type RoomView, type SeatPlanMode } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { planSeats } from '../../api/venue';
import { reportSaveError } from '../../utils/server-error';
import { venueKeys } from './venue-keys';

export interface PlanFormValues {
  roomIds: number[];
  mode: SeatPlanMode;
  gap: boolean;
}

/** The automatic plan: the rooms in the order they fill, batches together or mixed, gap seats. */
export function SeatPlanForm({
  examId,
  rooms,
  chosen,
  last,
  onPlanned,
  disabled,
}: {
  examId: number;
  rooms: RoomView[];
  /** The plan's rooms now, in order: the form starts from them. */
  chosen: number[];
  /** The mode and gap of the last plan made here, kept when the form starts anew. */
  last?: Pick<PlanFormValues, 'mode' | 'gap'>;
  onPlanned: (values: PlanFormValues) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PlanFormValues>();
  const run = useMutation({
    mutationFn: (values: PlanFormValues) => planSeats({ examId, ...values }, { quiet: true }),
    onSuccess: ({ seated }, values) => {
      onPlanned(values);
      message.success(t('venue.plan.planned', { count: seated }));
      return queryClient.invalidateQueries({ queryKey: venueKeys.plan(examId) });
    },
    onError: (error) => reportSaveError(error, form, ['roomIds', 'mode', 'gap']),
  });
  return (
    <Card size="small" title={t('venue.plan.auto')} className="seat-plan-form">
      <Form<PlanFormValues>
        form={form}
        name="seatPlanForm"
        layout="vertical"
        disabled={disabled}
        initialValues={{ roomIds: chosen, mode: 'batches', gap: false, ...last }}
        onFinish={(values) => run.mutate(values)}
      >
        <Form.Item
          name="roomIds"
          label={t('venue.plan.rooms')}
          extra={t('venue.plan.roomsHelp')}
          rules={[{ required: true, message: t('venue.plan.roomsRequired') }]}
        >
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={rooms.map((room) => ({
              value: room.id,
              label: `${room.venueName} · ${room.name} (${room.seats})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="mode" label={t('venue.plan.mode')}>
          <Radio.Group
            options={SEAT_PLAN_MODES.map((mode) => ({
              value: mode,
              label: t(`venue.plan.modes.${mode}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="gap" valuePropName="checked">
          <Checkbox>{t('venue.plan.gap')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={run.isPending}>
          {t('venue.plan.run')}
        </Button>
      </Form>
    </Card>
  );
}
