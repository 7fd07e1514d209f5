import {
  SOCKET_PATH,
  SkillSocketEvent,
  type SaveItemScoresAck,
  type SaveItemScoresBody,
} from '@kaoshi/shared';
import { io } from 'socket.io-client';

/** An acknowledgement not back by then: the save waits for the next round (the outbox keeps it). */
const ACK_TIMEOUT_MS = 10_000;

/** How the sheet's saves reach the server when they can go over the socket. */
export interface ScoreLink {
  /** The socket is connected now (else the save goes over HTTP). */
  connected(): boolean;
  /** The save's acknowledgement, after commit; rejects when none comes in time. */
  save(body: SaveItemScoresBody): Promise<SaveItemScoresAck>;
  close(): void;
}

/**
 * The exam platform's socket.io channel, opened for an examiner's sheet as the exam page opens it
 * (attempt-session.ts: WebSocket first, the session cookie, the UI's language in the handshake,
 * reconnecting by itself). `onConnect` runs at every (re)connect, so what waits goes at once.
 */
export function openScoreSocket(language: () => string, onConnect: () => void): ScoreLink {
  const socket = io({
    path: SOCKET_PATH,
    transports: ['websocket', 'polling'],
    withCredentials: true,
    auth: (send) => send({ language: language() }),
  });
  socket.on('connect', onConnect);
  // No network: a WebSocket may take half a minute of missed pings to notice, and saves sent
  // into it would wait for their timeout. Closed now, opened again when the network is back.
  const offline = () => socket.disconnect();
  const online = () => {
    if (!socket.connected) socket.connect();
  };
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return {
    connected: () => socket.connected,
    save: (body) =>
      socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck(SkillSocketEvent.SAVE_ITEM_SCORES, body) as Promise<SaveItemScoresAck>,
    close() {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      socket.disconnect();
    },
  };
}
