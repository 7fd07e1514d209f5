import {
  ProctorEvent,
  type ProctorMessage,
  type ProctorMessagesAck,
  type SocketRefusal,
} from '@kaoshi/shared';
import type { Socket } from 'socket.io-client';

/** An answer not back by then is asked for again at the next join. */
const ASK_TIMEOUT_MS = 10_000;

/**
 * The proctors' messages on the exam page (docs/features/proctoring.md): those sent while the
 * page was closed or its connection down are asked for after each join, those sent while it is
 * open come live. Each is shown once, in order, and the server is told the page has seen it, so
 * that the next join (a reload, another device) does not bring it again.
 */
export class ProctorInbox {
  private readonly shown = new Set<number>();

  constructor(
    private readonly attemptId: number,
    private readonly show: (messages: ProctorMessage[]) => void,
  ) {}

  /** After a join: the kept messages this page has not seen. */
  async joined(socket: Socket) {
    let ack: ProctorMessagesAck | SocketRefusal;
    try {
      ack = (await socket
        .timeout(ASK_TIMEOUT_MS)
        .emitWithAck(ProctorEvent.MESSAGES, { attemptId: this.attemptId })) as
        ProctorMessagesAck | SocketRefusal;
    } catch {
      return;
    }
    if (ack.ok) this.receive(socket, ack.messages);
  }

  /** Messages from the server (live or kept): the new ones shown, all of them said seen. */
  receive(socket: Socket, messages: readonly ProctorMessage[]) {
    if (messages.length === 0) return;
    const fresh = [...messages]
      .sort((a, b) => a.id - b.id)
      .filter((message) => !this.shown.has(message.id));
    for (const message of fresh) this.shown.add(message.id);
    if (fresh.length > 0) this.show(fresh);
    const last = Math.max(...messages.map((message) => message.id));
    socket.emit(ProctorEvent.MESSAGE_SEEN, { attemptId: this.attemptId, id: last });
  }
}
