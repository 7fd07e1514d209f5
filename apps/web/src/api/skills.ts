import type {
  AddSheetBody,
  ListResult,
  ListSheetQuery,
  SheetListItem,
  SheetPointOption,
  SheetVersionView,
  SheetView,
} from '@kaoshi/shared';
import { downloadFile } from './transfer';
import { request, type CallOptions, type ListCall } from './request';

const SHEET = '/api/kaoshi-skills/sheet';

// Scoring sheets (评分记录表, docs/features/skills.md).

export type SheetQuery = ListCall<ListSheetQuery>;
/** A sheet as the editor sends it (the server fills the defaults). */
export type SheetBody = AddSheetBody;

export const listSheets = (query: SheetQuery) =>
  request.get<ListResult<SheetListItem>>(`${SHEET}/listSheet`, query);
export const getSheet = (id: number) => request.get<SheetView>(`${SHEET}/getSheetById/${id}`);
export const listSheetPoints = (subjectId: number, level: number) =>
  request.get<SheetPointOption[]>(`${SHEET}/listSheetPoints`, { subjectId, level });
export const addSheet = (body: SheetBody, options?: CallOptions) =>
  request.post<{ id: number }>(`${SHEET}/addSheet`, body, options);
export const updateSheet = (id: number, body: SheetBody, options?: CallOptions) =>
  request.put<null>(`${SHEET}/updateSheet`, { id, ...body }, options);
export const deleteSheet = (id: number) => request.delete<null>(`${SHEET}/deleteSheet/${id}`);
export const copySheet = (id: number) => request.post<{ id: number }>(`${SHEET}/copySheet/${id}`);
export const listSheetVersions = (id: number) =>
  request.get<SheetVersionView[]>(`${SHEET}/listSheetVersions/${id}`);

/** The sheet as .xlsx in the centres' layout. */
export const exportSheet = (id: number, fallbackName: string) =>
  downloadFile(`${SHEET}/exportSheet/${id}`, {}, fallbackName);

/** A new sheet from an .xlsx; a file with problems is refused whole, naming row and column. */
export const importSheet = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return request.post<{ id: number }>(`${SHEET}/importSheet`, form);
};
