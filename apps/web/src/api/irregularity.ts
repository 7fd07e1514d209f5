import {
  IRREGULARITY_BASE,
  type IrregularityListView,
  type IrregularityView,
  type RecordIrregularityBody,
  type ReverseIrregularityBody,
  type RoomDocument,
} from '@kaoshi/shared';
import { request } from './request';
import { downloadFile } from './transfer';

/** An exam's irregularity records (a room's, or those the caller may read). */
export const listIrregularities = (examId: number, roomId?: number) =>
  request.get<IrregularityListView>(`${IRREGULARITY_BASE}/listIrregularity`, {
    examId,
    ...(roomId && { roomId }),
  });
export const recordIrregularity = (
  body: Omit<RecordIrregularityBody, 'reason'> & { reason?: string },
) => request.post<IrregularityView>(`${IRREGULARITY_BASE}/recordIrregularity`, body);
export const reverseIrregularity = (body: ReverseIrregularityBody) =>
  request.post<IrregularityView>(`${IRREGULARITY_BASE}/reverseIrregularity`, body);

const PDF_PATHS: Record<RoomDocument, string> = {
  signInSheet: 'getSignInSheet',
  doorList: 'getDoorList',
  roomRecord: 'getRoomRecord',
};
/** A room's document as an A4 PDF, saved under the server's file name. */
export const downloadRoomPdf = (
  kind: RoomDocument,
  examId: number,
  roomId: number,
  sessionId?: number,
) =>
  downloadFile(
    `${IRREGULARITY_BASE}/${PDF_PATHS[kind]}`,
    { examId, roomId, ...(sessionId ? { sessionId } : {}) },
    `room-${roomId}-${kind}.pdf`,
  );
/** The room record as .xlsx for the centre. */
export const downloadRoomRecordXlsx = (examId: number, roomId: number, sessionId?: number) =>
  downloadFile(
    `${IRREGULARITY_BASE}/exportRoomRecord`,
    { examId, roomId, ...(sessionId ? { sessionId } : {}) },
    `room-${roomId}-record.xlsx`,
  );
