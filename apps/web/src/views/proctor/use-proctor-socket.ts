import { ProctorEvent, SOCKET_PATH, type ProctorDelta } from '@kaoshi/shared';
import { useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import i18n from '../../i18n';

/** live: in the exam's room; connecting: joining it (again); refused: the server said no. */
export type ProctorLink = 'connecting' | 'live' | 'offline' | 'refused';

/**
 * The exam's proctor room over socket.io (as the exam page's channel: WebSocket first, the
 * session cookie, reconnecting by itself). Every (re)join calls `onJoined` so the page reloads
 * what it may have missed; each delta goes to `onDelta`.
 */
export function useProctorSocket(
  examId: number,
  handlers: { onDelta: (delta: ProctorDelta) => void; onJoined: () => void },
): ProctorLink {
  const [link, setLink] = useState<ProctorLink>('connecting');
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!(examId > 0)) return;
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
        .emitWithAck(ProctorEvent.WATCH, { examId })
        .then(
          (ack: { ok: boolean }) => {
            setLink(ack.ok ? 'live' : 'refused');
            if (ack.ok) latest.current.onJoined();
          },
          // No answer in time: the next reconnect joins again.
          () => setLink('offline'),
        );
    });
    socket.on('disconnect', () => setLink('offline'));
    socket.on('connect_error', () => setLink('offline'));
    socket.on(ProctorEvent.DELTA, (delta: ProctorDelta) => latest.current.onDelta(delta));
    return () => {
      socket.emit(ProctorEvent.UNWATCH, { examId });
      socket.disconnect();
    };
  }, [examId]);
  return link;
}
