import {
  SOCKET_PATH,
  START_WAITS,
  SocketEvent,
  type CheckedInMessage,
  type RoomStartedMessage,
  type StartWaitData,
  type StartWaitTiming,
} from '@kaoshi/shared';
import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import { ApiError } from '../../api/request';

/** A fallback when no socket news arrives (a proxy without WebSockets): never faster than this. */
export const START_WAIT_RETRY_MS = 30_000;

/** What a refused Start waits for (the refusal's `data`), or null for any other refusal. */
export function startWaitOf(error: unknown): StartWaitData | null {
  if (!(error instanceof ApiError)) return null;
  const data = error.data as Partial<Record<keyof StartWaitData, unknown>> | null | undefined;
  const wait = START_WAITS.find((known) => known === data?.wait);
  if (!wait) return null;
  const timing = data?.timing;
  return {
    wait,
    refused: data?.refused === true,
    // The room's wait: the times the server gave (StartWaitTiming).
    ...(typeof timing === 'object' && timing !== null ? { timing: timing as StartWaitTiming } : {}),
  };
}

/**
 * While `waiting`, listens on the session's socket for what the page waits for: the
 * invigilator's check-in (`candidate:checkedIn`) or the room's start (`room:started`) of this
 * exam, and calls `retry` (Start again) when one comes, at each reconnect (news sent while
 * the socket was down), and every START_WAIT_RETRY_MS as a fallback.
 */
export function useStartWait(
  examId: number,
  waiting: boolean,
  retry: () => void,
  language: () => string,
) {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  useEffect(() => {
    if (!waiting) return;
    const again = () => latest.current();
    const socket = io({
      path: SOCKET_PATH,
      transports: ['websocket', 'polling'],
      withCredentials: true,
      auth: (send) => send({ language: language() }),
    });
    let connectedBefore = false;
    socket.on('connect', () => {
      // The first connect follows the refusal just shown; a reconnect may have missed news.
      if (connectedBefore) again();
      connectedBefore = true;
    });
    socket.on(SocketEvent.ROOM_STARTED, (message: RoomStartedMessage) => {
      if (message.examId === examId) again();
    });
    socket.on(SocketEvent.CHECKED_IN, (message: CheckedInMessage) => {
      if (message.examId === examId) again();
    });
    const timer = setInterval(again, START_WAIT_RETRY_MS);
    return () => {
      clearInterval(timer);
      socket.disconnect();
    };
  }, [examId, waiting, language]);
}
