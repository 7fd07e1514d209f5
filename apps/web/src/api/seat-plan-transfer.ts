import type { SeatPlanImportPreview, SeatPlanImportResult } from '@kaoshi/shared';
import { request } from './request';
import { downloadFile } from './transfer';

// The seat plan as .xlsx: apps/server/src/modules/venue/seat-plan-xlsx.routes.ts.
const VENUE = '/api/kaoshi-exam/venue';

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** The plan as .xlsx (venue, room, seat, ticket, name, batch, masked ID) and a sheet of rooms. */
export const exportSeatPlan = (examId: number, fallbackName: string) =>
  downloadFile(`${VENUE}/exportSeatPlan`, { examId }, fallbackName);

/** Checks an edited plan without writing: its problems by row and column, or its moves. */
export const previewSeatPlanImport = (examId: number, file: File) =>
  request.post<SeatPlanImportPreview>(
    `${VENUE}/previewSeatPlanImport?examId=${examId}`,
    fileForm(file),
  );

/** Applies an edited plan in one transaction; refused whole (10002) on any problem. */
export const importSeatPlan = (examId: number, file: File) =>
  request.post<SeatPlanImportResult>(`${VENUE}/importSeatPlan?examId=${examId}`, fileForm(file));
