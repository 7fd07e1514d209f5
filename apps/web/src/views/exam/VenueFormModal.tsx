import { VENUE_ADDRESS_MAX, VENUE_NAME_MAX, type VenueView } from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { addVenue, updateVenue, type VenueInput } from '../../api/venue';
import {
  EntityFormDialog,
  addOrUpdate,
  type EntityDialogProps,
} from '../../components/form/EntityFormDialog';
import { TextField } from '../../components/form/fields';
import { venueKeys } from './venue-keys';

interface VenueFormValues {
  name: string;
  address?: string;
}

/** Adds a venue (考点) or edits one. */
export function VenueFormModal({ venue, ...dialog }: EntityDialogProps & { venue?: VenueView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<VenueFormValues>();
  const save = useMutation({
    mutationFn: (values: VenueFormValues) =>
      addOrUpdate<VenueInput, unknown, unknown>(
        venue,
        { name: values.name.trim(), address: values.address?.trim() ?? '' },
        { add: addVenue, update: updateVenue },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: venueKeys.all }),
  });
  return (
    <EntityFormDialog
      {...dialog}
      title={t(venue ? 'venue.venue.edit' : 'venue.venue.add')}
      name="venueForm"
      form={form}
      initialValues={venue ? { name: venue.name, address: venue.address } : {}}
      save={save}
      savedMessage={t(venue ? 'common.saved' : 'venue.venue.added')}
      refused="form"
    >
      <TextField
        name="name"
        label={t('venue.venue.name')}
        max={VENUE_NAME_MAX}
        rules={[
          {
            required: true,
            whitespace: true,
            message: t('common.required', { field: t('venue.venue.name') }),
          },
        ]}
      />
      <TextField name="address" label={t('venue.venue.address')} max={VENUE_ADDRESS_MAX} />
    </EntityFormDialog>
  );
}
