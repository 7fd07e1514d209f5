import { ProctorEvent, type ProctorMessage } from '@kaoshi/shared';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { ProctorInbox } from './proctor-inbox';

const message = (id: number, content = `m${id}`): ProctorMessage => ({
  id,
  content,
  at: '2026-12-03T08:00:00.000Z',
});

/** A socket that answers attempt:messages with `kept` and records what the page emits. */
function fakeSocket(kept: ProctorMessage[]) {
  const emitted: [string, unknown][] = [];
  const socket = {
    timeout: () => ({
      emitWithAck: (event: string) =>
        Promise.resolve(
          event === ProctorEvent.MESSAGES ? { ok: true, messages: kept } : { ok: false },
        ),
    }),
    emit: (event: string, payload: unknown) => {
      emitted.push([event, payload]);
      return socket;
    },
  };
  return { socket: socket as unknown as Socket, emitted };
}

describe('ProctorInbox', () => {
  it('shows kept and live messages once each, in order, and says which it has seen', async () => {
    const shown: ProctorMessage[][] = [];
    const inbox = new ProctorInbox(5, (messages) => shown.push(messages));
    const { socket, emitted } = fakeSocket([message(3), message(1)]);
    await inbox.joined(socket);
    expect(shown).toEqual([[message(1), message(3)]]);
    expect(emitted).toEqual([[ProctorEvent.MESSAGE_SEEN, { attemptId: 5, id: 3 }]]);

    // A live one, then a join that brings a message already shown with it (not acknowledged
    // in time): each shown once.
    inbox.receive(socket, [message(4)]);
    await inbox.joined(fakeSocket([message(4), message(6)]).socket);
    expect(shown).toEqual([[message(1), message(3)], [message(4)], [message(6)]]);
    inbox.receive(socket, []);
    expect(emitted).toHaveLength(2);
  });
});
