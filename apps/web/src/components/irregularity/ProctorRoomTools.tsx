import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSeatPlan } from '../../api/venue';
import { IrregularityPanel, type IrregularityCandidate } from './IrregularityPanel';
import { RoomDocuments } from './RoomDocuments';

/**
 * The exam-wide proctor view's irregularities and room documents: a room filter over the
 * exam's seat plan, the chosen room's documents, and the records (of that room, or all).
 */
export function ProctorRoomTools({
  examId,
  candidates,
}: {
  examId: number;
  candidates: IrregularityCandidate[];
}) {
  const { t } = useTranslation();
  const plan = useQuery({
    queryKey: ['seatPlan', examId],
    queryFn: () => getSeatPlan(examId),
    retry: false,
  });
  const [roomId, setRoomId] = useState<number | undefined>();
  const rooms = plan.data?.rooms ?? [];
  const inRoom = roomId
    ? new Set(
        rooms.find((room) => room.roomId === roomId)?.candidates.map((c) => c.studentId) ?? [],
      )
    : null;
  return (
    <Flex vertical gap={12}>
      {rooms.length > 0 && (
        <Card size="small">
          <Flex gap={12} wrap align="center">
            <Select
              allowClear
              style={{ minWidth: 200 }}
              placeholder={t('irregularity.allRooms')}
              aria-label={t('irregularity.room')}
              value={roomId}
              onChange={setRoomId}
              options={rooms.map((room) => ({
                value: room.roomId,
                label: `${room.venueName} / ${room.roomName}`,
              }))}
            />
            {roomId ? (
              <RoomDocuments examId={examId} roomId={roomId} />
            ) : (
              <span>{t('irregularity.chooseRoom')}</span>
            )}
          </Flex>
        </Card>
      )}
      <IrregularityPanel
        examId={examId}
        roomId={roomId}
        candidates={inRoom ? candidates.filter((c) => inRoom.has(c.studentId)) : candidates}
      />
    </Flex>
  );
}
