import {
  INVIGILATION_BASE,
  type CheckInBody,
  type ConsoleRoom,
  type MyRoom,
  type RoomActionResult,
  type RoomCandidatePauseBody,
  type RoomPauseBody,
} from '@kaoshi/shared';
import { request } from './request';

/** The invigilator's console (docs/features/invigilation.md). */
export const listMyRooms = () => request.get<MyRoom[]>(`${INVIGILATION_BASE}/listMyRoom`);
export const getConsoleRoom = (examId: number, roomId: number, sessionId?: number) =>
  request.get<ConsoleRoom>(`${INVIGILATION_BASE}/getRoom`, {
    examId,
    roomId,
    ...(sessionId ? { sessionId } : {}),
  });
export const checkInCandidate = (body: Omit<CheckInBody, 'reason'> & { reason?: string }) =>
  request.post<null>(`${INVIGILATION_BASE}/checkInCandidate`, body);
export const startRoom = (body: { examId: number; roomId: number; sessionId?: number }) =>
  request.post<{ startedAt: string }>(`${INVIGILATION_BASE}/startRoom`, body);
export const pauseRoom = (body: RoomPauseBody) =>
  request.post<RoomActionResult>(`${INVIGILATION_BASE}/pauseRoom`, body);
export const resumeRoom = (body: RoomPauseBody) =>
  request.post<RoomActionResult>(`${INVIGILATION_BASE}/resumeRoom`, body);
export const pauseCandidate = (body: RoomCandidatePauseBody) =>
  request.post<RoomActionResult>(`${INVIGILATION_BASE}/pauseCandidate`, body);
export const resumeCandidate = (body: RoomCandidatePauseBody) =>
  request.post<RoomActionResult>(`${INVIGILATION_BASE}/resumeCandidate`, body);
