import { ProctorEvent, SOCKET_PATH } from '@kaoshi/shared';
import { useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import i18n from '../../i18n';

/** live: in the room's channel; otherwise the console reads the room every few seconds. */
export type RoomLink = 'connecting' | 'live' | 'offline' | 'refused';

/** Several changes close together (a room's saves) are read once, this long after the last. */
const SETTLE_MS = 500;
/** ...but never later than this after the first. */
const AT_MOST_MS = 2000;

/**
 * The room's changes over socket.io (the proctor hub's room per exam room, checked as the
 * console's calls are). Each change, and every (re)join, calls `onChanged`, once for a burst. A
 * session that ends is cut by the server: the socket stays closed.
 */
export function useRoomSocket(examId: number, roomId: number, onChanged: () => void): RoomLink {
  const [link, setLink] = useState<RoomLink>('connecting');
  const latest = useRef(onChanged);
  useEffect(() => {
    latest.current = onChanged;
  });
  useEffect(() => {
    if (!(examId > 0 && roomId > 0)) return undefined;
    let settle: ReturnType<typeof setTimeout> | null = null;
    let firstAt = 0;
    const fire = () => {
      settle = null;
      firstAt = 0;
      latest.current();
    };
    const changed = () => {
      const now = Date.now();
      if (firstAt === 0) firstAt = now;
      if (settle) clearTimeout(settle);
      settle = setTimeout(fire, Math.max(0, Math.min(SETTLE_MS, firstAt + AT_MOST_MS - now)));
    };
    const socket = io({
      path: SOCKET_PATH,
      transports: ['websocket', 'polling'],
      withCredentials: true,
      auth: (send) => send({ language: i18n.language }),
    });
    socket.on('connect', () => {
      setLink('connecting');
      void socket
        .timeout(10_000)
        .emitWithAck(ProctorEvent.WATCH_ROOM, { examId, roomId })
        .then(
          (ack: { ok: boolean }) => {
            setLink(ack.ok ? 'live' : 'refused');
            if (ack.ok) latest.current();
          },
          () => setLink('offline'),
        );
    });
    socket.on('disconnect', () => setLink('offline'));
    socket.on('connect_error', () => setLink('offline'));
    socket.on(ProctorEvent.ROOM_CHANGED, changed);
    return () => {
      if (settle) clearTimeout(settle);
      socket.emit(ProctorEvent.UNWATCH_ROOM, { examId, roomId });
      socket.disconnect();
    };
  }, [examId, roomId]);
  return link;
}
