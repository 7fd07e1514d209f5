import {
  SHEET_PHOTO_FILE_FIELD,
  SKILLS_SCORING_BASE,
  type ItemScoreAck,
  type MySessionView,
  type MySheetView,
  type SaveItemScoresBody,
  type SetPresenceBody,
  type SheetPhotoView,
  type SkillTimerView,
} from '@kaoshi/shared';
import { request, type CallOptions } from './request';

// The examiner's desk (issue 26 §3): apps/server/src/modules/skills/scoring*.routes.ts.
const BASE = SKILLS_SCORING_BASE;

export const listMySessions = () => request.get<MySessionView[]>(`${BASE}/listMySessions`);
export const setPresence = (body: SetPresenceBody) =>
  request.post<null>(`${BASE}/setPresence`, body);
export const getMySheet = (candidateId: number) =>
  request.get<MySheetView>(`${BASE}/getMySheet/${candidateId}`);
/** One ack per save (ok false: refused for that item, dropped from the outbox). */
export const saveItemScores = (body: SaveItemScoresBody, options?: CallOptions) =>
  request.post<{ acks: ItemScoreAck[] }>(`${BASE}/saveItemScores`, body, options);
export const startTimer = (candidateId: number) =>
  request.post<SkillTimerView>(`${BASE}/startTimer`, { candidateId });
export const stopTimer = (candidateId: number) =>
  request.post<SkillTimerView>(`${BASE}/stopTimer`, { candidateId });
export const signSheet = (candidateId: number) =>
  request.post<MySheetView>(`${BASE}/signSheet/${candidateId}`);

export const listSheetPhotos = (candidateId: number) =>
  request.get<SheetPhotoView[]>(`${BASE}/listSheetPhotos/${candidateId}`);
export const uploadSheetPhoto = (candidateId: number, file: File) => {
  const form = new FormData();
  form.append('candidateId', String(candidateId));
  form.append(SHEET_PHOTO_FILE_FIELD, file);
  return request.post<SheetPhotoView>(`${BASE}/uploadSheetPhoto`, form);
};
export const deleteSheetPhoto = (id: number) =>
  request.delete<null>(`${BASE}/deleteSheetPhoto/${id}`);
