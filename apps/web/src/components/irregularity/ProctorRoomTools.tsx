import { Button, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { consolePath } from '../exam/exam-routes';
import { IrregularityPanel, type IrregularityCandidate } from './IrregularityPanel';
import { RoomDocuments } from './RoomDocuments';

/**
 * The exam-wide proctor view's irregularities and room documents, for the room the view's
 * room filter shows (`roomId`; undefined: every room, whose documents need a room chosen).
 */
export function ProctorRoomTools({
  examId,
  roomId,
  hasRooms,
  candidates,
}: {
  examId: number;
  roomId: number | undefined;
  /** Whether the exam has a seat plan (no plan: no room documents). */
  hasRooms: boolean;
  /** The candidates the records may name: the room's, or all. */
  candidates: IrregularityCandidate[];
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      {hasRooms && (
        <Card size="small">
          {roomId ? (
            <Flex gap={8} wrap align="center">
              {/* Check-in, the room's start and its pauses: the console, for any room. */}
              <Link to={consolePath(examId, roomId)}>
                <Button type="primary">{t('irregularity.openConsole')}</Button>
              </Link>
              <RoomDocuments examId={examId} roomId={roomId} />
            </Flex>
          ) : (
            <span>{t('irregularity.chooseRoom')}</span>
          )}
        </Card>
      )}
      <IrregularityPanel examId={examId} roomId={roomId} candidates={candidates} />
    </Flex>
  );
}
