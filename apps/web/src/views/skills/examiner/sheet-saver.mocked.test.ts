import type { SaveItemScoresAck, SaveItemScoresBody } from '@kaoshi/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScoreLink } from './score-socket';

const http = vi.hoisted(() => vi.fn());
vi.mock('../../../api/skill-scoring', () => ({ saveItemScores: http }));
const { SheetSaver } = await import('./sheet-saver');

/** A socket the test connects and answers; what it was sent. */
function fakeLink() {
  const sent: SaveItemScoresBody[] = [];
  const state = {
    connected: false,
    answer: (body: SaveItemScoresBody): Promise<SaveItemScoresAck> =>
      Promise.resolve({
        ok: true,
        acks: body.scores.map((s) => ({ itemId: s.itemId, seq: s.seq, ok: true as const })),
      }),
  };
  const link: ScoreLink = {
    connected: () => state.connected,
    save: (body) => {
      sent.push(body);
      return state.answer(body);
    },
    close: () => {},
  };
  return { link, sent, state };
}

const entry = (points: number) => ({ points, vetoHit: false, note: '' });

describe("the examiner's sheet saver: socket first, HTTP when it is not connected", () => {
  beforeEach(() => {
    // No DOM here: the saver only listens on the window, and IndexedDB is absent (the outbox
    // refuses quietly, as in private browsing).
    vi.stubGlobal('window', { addEventListener: () => {}, removeEventListener: () => {} });
    http.mockReset();
    http.mockImplementation((body: SaveItemScoresBody) =>
      Promise.resolve({
        acks: body.scores.map((s) => ({ itemId: s.itemId, seq: s.seq, ok: true })),
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const started = async () => {
    const fake = fakeLink();
    const saver = new SheetSaver(7, 3, [], () => fake.link);
    await saver.start();
    return { saver, ...fake };
  };

  it('sends over the connected socket and drops the change on its ack', async () => {
    const { saver, sent, state } = await started();
    state.connected = true;
    saver.set(101, entry(30));
    await saver.send();
    expect(sent).toEqual([
      { candidateId: 7, scores: [{ itemId: 101, seq: 1, points: 30, vetoHit: false, note: '' }] },
    ]);
    expect(http).not.toHaveBeenCalled();
    expect(saver.getSnapshot().pending).toBe(0);
    saver.stop();
  });

  it('sends over HTTP while the socket is not connected', async () => {
    const { saver, sent } = await started();
    saver.set(101, entry(30));
    await saver.send();
    expect(sent).toEqual([]);
    expect(http).toHaveBeenCalledTimes(1);
    expect(saver.getSnapshot()).toMatchObject({ pending: 0, link: 'online' });
    saver.stop();
  });

  it('keeps the change when the socket refuses or does not answer, and shows why', async () => {
    const { saver, state } = await started();
    state.connected = true;
    state.answer = () => Promise.resolve({ ok: false, code: 10004, message: 'sheet signed' });
    saver.set(101, entry(30));
    await saver.send();
    expect(saver.getSnapshot()).toMatchObject({ pending: 1, notice: 'sheet signed' });

    state.answer = () => Promise.reject(new Error('operation has timed out'));
    await saver.send();
    expect(saver.getSnapshot().pending).toBe(1);

    // The socket drops: the same change, same seq, goes over HTTP and is acknowledged.
    state.connected = false;
    await saver.send();
    expect(http).toHaveBeenCalledWith(
      { candidateId: 7, scores: [{ itemId: 101, seq: 1, points: 30, vetoHit: false, note: '' }] },
      { quiet: true },
    );
    expect(saver.getSnapshot().pending).toBe(0);
    saver.stop();
  });
});
