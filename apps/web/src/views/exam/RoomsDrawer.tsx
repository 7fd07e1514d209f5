import type { RoomView, VenueView } from '@kaoshi/shared';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Grid, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteRoom, listRooms } from '../../api/venue';
import { ResponsiveDrawer } from '../../components/ResponsiveDrawer';
import { useEditDeleteColumn } from '../../components/list/use-actions-column';
import { useDeleteConfirmation } from '../../components/list/use-delete-confirmation';
import { useDialog } from '../../components/list/use-dialog';
import { useTableLook } from '../../components/list/use-list-page';
import { RoomFormModal } from './RoomFormModal';
import { venueKeys } from './venue-keys';

/** The rooms of one venue: their seats, computers' addresses and notes; add, edit, delete. */
export function RoomsDrawer({ venue, onClose }: { venue?: VenueView; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const confirmDelete = useDeleteConfirmation();
  const dialog = useDialog<{ room?: RoomView }>();
  const editDelete = useEditDeleteColumn();
  const look = useTableLook(t('common.noData'));
  const venueId = venue?.id ?? 0;
  const rooms = useQuery({
    queryKey: venueKeys.rooms(venueId),
    queryFn: () => listRooms(venueId),
    enabled: venue !== undefined,
  });
  const compact = !screens.sm;
  const columns: TableColumnsType<RoomView> = [
    { title: t('venue.room.name'), dataIndex: 'name' },
    { title: t('venue.room.seats'), dataIndex: 'seats', align: 'right' },
    {
      title: t('venue.room.ipAllowList'),
      dataIndex: 'ipAllowList',
      render: (list: string[]) =>
        list.length === 0 ? (
          <Typography.Text type="secondary">{t('venue.room.asExam')}</Typography.Text>
        ) : (
          <Typography.Text code style={{ whiteSpace: 'pre-line' }}>
            {list.join('\n')}
          </Typography.Text>
        ),
    },
    { title: t('venue.room.notes'), dataIndex: 'notes', responsive: ['md'] },
    editDelete<RoomView>(
      compact,
      (room) => dialog.show({ room }),
      (room) =>
        confirmDelete({
          title: t('venue.room.deleteTitle'),
          name: room.name,
          remove: () => deleteRoom(room.id),
          onDeleted: () => queryClient.invalidateQueries({ queryKey: venueKeys.all }),
        }),
    ),
  ];
  return (
    <ResponsiveDrawer
      open={venue !== undefined}
      onClose={onClose}
      width={760}
      wideFrom="md"
      title={t('venue.room.listTitle', { name: venue?.name ?? '' })}
      className="venue-rooms-drawer"
    >
      <Flex style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => dialog.show({})}>
          {t('venue.room.add')}
        </Button>
      </Flex>
      <Table<RoomView>
        {...look}
        rowKey="id"
        loading={rooms.isLoading}
        dataSource={rooms.data ?? []}
        columns={columns}
        pagination={false}
      />
      {venue && (
        <RoomFormModal
          key={dialog.key}
          open={dialog.open}
          venueId={venue.id}
          room={dialog.target?.room}
          onClose={dialog.hide}
        />
      )}
    </ResponsiveDrawer>
  );
}
