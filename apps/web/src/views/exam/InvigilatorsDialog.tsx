import { ROOM_INVIGILATORS_MAX, type SeatPlanRoom } from '@kaoshi/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { listInvigilators, setRoomInvigilators } from '../../api/venue';
import { EntityFormDialog, type EntityDialogProps } from '../../components/form/EntityFormDialog';
import { venueKeys } from './venue-keys';

interface InvigilatorValues {
  userIds: number[];
}

/** The one or two invigilators (监考员) of a room of the exam. */
export function InvigilatorsDialog({
  examId,
  room,
  ...dialog
}: EntityDialogProps & { examId: number; room?: SeatPlanRoom }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<InvigilatorValues>();
  const people = useQuery({
    queryKey: venueKeys.invigilators,
    queryFn: () => listInvigilators(),
    enabled: dialog.open,
  });
  const save = useMutation({
    mutationFn: (values: InvigilatorValues) =>
      setRoomInvigilators(examId, room?.roomId ?? 0, values.userIds ?? []),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: venueKeys.plan(examId) }),
  });
  const known = new Map(
    [...(room?.invigilators ?? []), ...(people.data ?? [])].map((p) => [p.id, p]),
  );
  return (
    <EntityFormDialog<InvigilatorValues>
      {...dialog}
      title={`${t('venue.plan.setInvigilators')} · ${room?.venueName ?? ''} ${room?.roomName ?? ''}`}
      name="invigilatorsForm"
      form={form}
      initialValues={{ userIds: room?.invigilators.map((p) => p.id) ?? [] }}
      save={save}
      savedMessage={t('venue.plan.invigilatorsSaved')}
      refused="form"
    >
      <Form.Item
        name="userIds"
        label={t('venue.plan.invigilators')}
        extra={t('venue.plan.invigilatorsHelp')}
      >
        <Select
          mode="multiple"
          maxCount={ROOM_INVIGILATORS_MAX}
          loading={people.isLoading}
          optionFilterProp="label"
          options={[...known.values()].map((p) => ({
            value: p.id,
            label: p.nickName ? `${p.nickName} (${p.name})` : p.name,
          }))}
        />
      </Form.Item>
    </EntityFormDialog>
  );
}
