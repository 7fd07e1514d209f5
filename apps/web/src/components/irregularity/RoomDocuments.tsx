import { DownloadOutlined } from '@ant-design/icons';
import { ROOM_DOCUMENTS } from '@kaoshi/shared';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadRoomPdf, downloadRoomRecordXlsx } from '../../api/irregularity';

/**
 * A room's documents to print (docs/features/irregularities.md): the sign-in sheet, the door
 * list and the room record as PDFs, and the room record as .xlsx. For the proctor view and the
 * invigilator's console.
 */
export function RoomDocuments({
  examId,
  roomId,
  sessionId,
}: {
  examId: number;
  roomId: number;
  /** The session (场次) of the room; absent: its candidates without one. */
  sessionId?: number;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap align="center" className="room-documents">
      <Typography.Text strong>{t('irregularity.documents')}</Typography.Text>
      {ROOM_DOCUMENTS.map((kind) => (
        <Button
          key={kind}
          icon={<DownloadOutlined />}
          onClick={() => void downloadRoomPdf(kind, examId, roomId, sessionId)}
        >
          {t(`irregularity.${kind}`)}
        </Button>
      ))}
      <Button
        icon={<DownloadOutlined />}
        onClick={() => void downloadRoomRecordXlsx(examId, roomId, sessionId)}
      >
        {t('irregularity.roomRecordXlsx')}
      </Button>
    </Flex>
  );
}
