import type { RoomView, SeatPlan, SeatedCandidate } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { moveCandidate } from '../../api/venue';
import { EntityFormDialog, type EntityDialogProps } from '../../components/form/EntityFormDialog';
import { freeSeats } from './seat-plan-view';
import { venueKeys } from './venue-keys';

interface MoveValues {
  roomId?: number;
  seat?: number;
}

/** Moves one candidate to a room and a free seat of it, by hand. */
export function MoveCandidateDialog({
  plan,
  rooms,
  candidate,
  roomId,
  sessionId,
  ...dialog
}: EntityDialogProps & {
  plan: SeatPlan;
  rooms: RoomView[];
  candidate?: SeatedCandidate;
  /** The candidate's room now, if any. */
  roomId?: number;
  /** The session shown (`plan` is that session's): the seat is taken in it. */
  sessionId?: number;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MoveValues>();
  const chosenRoom = Form.useWatch('roomId', form) ?? roomId;
  const room = rooms.find((row) => row.id === chosenRoom);
  const seats = room ? freeSeats(plan, room.id, room.seats, candidate?.studentId) : [];
  const save = useMutation({
    mutationFn: (values: MoveValues) =>
      moveCandidate(
        {
          examId: plan.examId,
          studentId: candidate?.studentId ?? 0,
          roomId: values.roomId ?? 0,
          seat: values.seat ?? 0,
          ...(sessionId === undefined ? {} : { sessionId }),
        },
        { quiet: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: venueKeys.plan(plan.examId) }),
  });
  return (
    <EntityFormDialog<MoveValues>
      {...dialog}
      title={t('venue.plan.moveTitle', { name: candidate?.name ?? '' })}
      name="moveCandidateForm"
      form={form}
      initialValues={{ roomId, seat: roomId === undefined ? undefined : candidate?.seat }}
      save={save}
      savedMessage={t('venue.plan.moved')}
      refused="form"
      formProps={{
        onValuesChange: (changed: MoveValues) => {
          if ('roomId' in changed) form.setFieldValue('seat', undefined);
        },
      }}
    >
      <Form.Item
        name="roomId"
        label={t('venue.room.name')}
        rules={[{ required: true, message: t('venue.plan.roomsRequired') }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          options={rooms.map((row) => ({
            value: row.id,
            label: `${row.venueName} · ${row.name}`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="seat"
        label={t('venue.plan.seat')}
        rules={[{ required: true, message: t('common.required', { field: t('venue.plan.seat') }) }]}
      >
        <Select showSearch options={seats.map((seat) => ({ value: seat, label: String(seat) }))} />
      </Form.Item>
    </EntityFormDialog>
  );
}
