import { ROOM_NOTES_MAX, ROOM_SEATS_MAX, VENUE_NAME_MAX, type RoomView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { addRoom, updateRoom, type RoomInput } from '../../api/venue';
import {
  EntityFormDialog,
  addOrUpdate,
  type EntityDialogProps,
} from '../../components/form/EntityFormDialog';
import { TextAreaField, TextField } from '../../components/form/fields';
import { ipProblem, ipRules } from './exam-form';
import { venueKeys } from './venue-keys';

interface RoomFormValues {
  name: string;
  seats: number | null;
  ipAllowList?: string;
  notes?: string;
}

/** Adds a room (考场) to a venue or edits one: its seats and the addresses of its computers. */
export function RoomFormModal({
  venueId,
  room,
  ...dialog
}: EntityDialogProps & { venueId: number; room?: RoomView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RoomFormValues>();
  const save = useMutation({
    mutationFn: (values: RoomFormValues) =>
      addOrUpdate<RoomInput, unknown, unknown>(
        room,
        {
          name: values.name.trim(),
          seats: values.seats ?? 0,
          ipAllowList: [...new Set(ipRules(values.ipAllowList))],
          notes: values.notes?.trim() ?? '',
        },
        { add: (input, options) => addRoom(venueId, input, options), update: updateRoom },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: venueKeys.all }),
  });
  return (
    <EntityFormDialog
      {...dialog}
      title={t(room ? 'venue.room.edit' : 'venue.room.add')}
      name="roomForm"
      form={form}
      initialValues={
        room
          ? {
              name: room.name,
              seats: room.seats,
              ipAllowList: room.ipAllowList.join('\n'),
              notes: room.notes,
            }
          : { seats: 30 }
      }
      save={save}
      savedMessage={t(room ? 'common.saved' : 'venue.room.added')}
      refused="form"
    >
      <TextField
        name="name"
        label={t('venue.room.name')}
        max={VENUE_NAME_MAX}
        rules={[
          {
            required: true,
            whitespace: true,
            message: t('common.required', { field: t('venue.room.name') }),
          },
        ]}
      />
      <Form.Item
        name="seats"
        label={t('venue.room.seats')}
        rules={[
          {
            required: true,
            type: 'integer',
            min: 1,
            max: ROOM_SEATS_MAX,
            message: t('venue.room.seatsRange', { max: ROOM_SEATS_MAX }),
          },
        ]}
      >
        <InputNumber min={1} max={ROOM_SEATS_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="ipAllowList"
        label={t('venue.room.ipAllowList')}
        extra={t('venue.room.ipHelp')}
        rules={[
          {
            validator: async (_rule, value: string) => {
              const found = ipProblem(value);
              if (found?.kind === 'invalid') {
                throw new Error(t('exam.rules.ipInvalid', { line: found.line }));
              }
              if (found?.kind === 'tooMany') {
                throw new Error(t('exam.rules.ipTooMany', { max: found.max }));
              }
            },
          },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t('exam.edit.ipPlaceholder')}
          spellCheck={false}
        />
      </Form.Item>
      <TextAreaField name="notes" label={t('venue.room.notes')} max={ROOM_NOTES_MAX} />
    </EntityFormDialog>
  );
}
