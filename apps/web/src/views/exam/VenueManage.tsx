import type { VenueView } from '@kaoshi/shared';
import { AppstoreOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Grid, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteVenue, listVenues, type VenueQuery } from '../../api/venue';
import { ListPage } from '../../components/list/ListPage';
import { DeleteAction, EditAction, RowAction } from '../../components/list/RowAction';
import { TextFilter } from '../../components/list/filters';
import { useActionsColumn } from '../../components/list/use-actions-column';
import { useDeleteConfirmation } from '../../components/list/use-delete-confirmation';
import { useDialog } from '../../components/list/use-dialog';
import { useListPage } from '../../components/list/use-list-page';
import { RoomsDrawer } from './RoomsDrawer';
import { VenueFormModal } from './VenueFormModal';
import { venueKeys } from './venue-keys';

interface VenueFilters {
  keyword?: string;
}

/** Venues (考点) and their rooms (考场), which exams' seat plans fill (docs/features/venues.md). */
export default function VenueManage() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const [filterForm] = Form.useForm<VenueFilters>();
  const venues = useListPage<VenueView, VenueQuery>({
    queryKey: venueKeys.list,
    fetchList: listVenues,
  });
  const dialog = useDialog<{ venue?: VenueView }>();
  const [roomsOf, setRoomsOf] = useState<VenueView>();
  const confirmDelete = useDeleteConfirmation();
  const actionsColumn = useActionsColumn();
  const compact = !screens.sm;

  const columns: TableColumnsType<VenueView> = [
    { title: t('venue.venue.name'), dataIndex: 'name' },
    { title: t('venue.venue.address'), dataIndex: 'address', responsive: ['md'] },
    { title: t('venue.venue.rooms'), dataIndex: 'rooms', align: 'right' },
    { title: t('venue.venue.seats'), dataIndex: 'seats', align: 'right', responsive: ['sm'] },
    actionsColumn<VenueView>((venue) => (
      <>
        <RowAction
          icon={<AppstoreOutlined />}
          label={t('venue.venue.manageRooms')}
          compact={compact}
          onClick={() => setRoomsOf(venue)}
        />
        <EditAction compact={compact} onClick={() => dialog.show({ venue })} />
        <DeleteAction
          compact={compact}
          onClick={() =>
            confirmDelete({
              title: t('venue.venue.deleteTitle'),
              name: venue.name,
              remove: () => deleteVenue(venue.id),
              onDeleted: async () => {
                venues.afterDelete();
                await queryClient.invalidateQueries({ queryKey: venueKeys.all });
              },
            })
          }
        />
      </>
    )),
  ];

  return (
    <ListPage<VenueView, VenueFilters>
      className="venue-manage"
      list={venues}
      searchName="venueSearch"
      filterForm={filterForm}
      addLabel={t('venue.venue.add')}
      onAdd={() => dialog.show({})}
      columns={columns}
      dialogs={
        <>
          <VenueFormModal
            key={dialog.key}
            open={dialog.open}
            venue={dialog.target?.venue}
            onClose={dialog.hide}
          />
          <RoomsDrawer venue={roomsOf} onClose={() => setRoomsOf(undefined)} />
        </>
      }
    >
      <TextFilter name="keyword" label={t('venue.venue.keyword')} />
    </ListPage>
  );
}
