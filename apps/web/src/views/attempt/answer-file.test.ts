import {
  AnswerFileProblem,
  answerFileAttempt,
  bytesToBase64,
  openAnswerFile,
  type AttemptView,
} from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import { makeAnswerFile } from './answer-file';

const key = (fill: number) => bytesToBase64(new Uint8Array(32).fill(fill));
const view = {
  attemptId: 42,
  answerFileKey: key(1),
  candidate: { name: 'Li Lei', ticketNumber: 'T 2026/001', photo: '' },
} as Pick<AttemptView, 'attemptId' | 'answerFileKey' | 'candidate'>;
const serverNow = '2026-06-01T09:30:00.000Z';

/** The page's file opened as the server opens it (openAnswerFile, the same shared format). */
describe('the answer file', () => {
  it('round trips: the page seals, the server opens with the attempt’s key', async () => {
    const { fileName, text } = await makeAnswerFile({
      view,
      waiting: [
        { itemId: 's1q1', seq: 3, value: 'B', at: '2026-06-01T09:10:00.000Z' },
        // Kept before the outbox recorded times: the file's time.
        { itemId: 's1q2', seq: 1, value: ['ohm', 'volt'] },
      ],
      events: [{ type: 'paste', at: '2026-06-01T09:12:00.000Z' }],
      serverNow,
    });
    expect(fileName).toBe('T_2026_001-42.kaoshi-answers');
    // The attempt in clear, nothing of the answers.
    expect(answerFileAttempt(text)).toBe(42);
    expect(text).not.toMatch(/s1q1|ohm|paste/);
    const opened = await openAnswerFile(text, view.answerFileKey);
    expect(opened).toEqual({
      attemptId: 42,
      madeAt: serverNow,
      answers: [
        { itemId: 's1q1', seq: 3, value: 'B', at: '2026-06-01T09:10:00.000Z' },
        { itemId: 's1q2', seq: 1, value: ['ohm', 'volt'], at: serverNow },
      ],
      events: [{ type: 'paste', at: '2026-06-01T09:12:00.000Z' }],
    });
  });

  it('fails authentication when a byte changes, the attempt is renamed, or the key is another', async () => {
    const { text } = await makeAnswerFile({ view, waiting: [], events: [], serverNow });
    const envelope = JSON.parse(text) as { attemptId: number; ciphertext: string };
    const problem = (content: string, withKey = view.answerFileKey) =>
      openAnswerFile(content, withKey).then(
        () => null,
        (error: unknown) => (error instanceof AnswerFileProblem ? error.kind : 'other'),
      );
    // The first character: all six of its bits are data (the last may hold padding bits).
    const first = envelope.ciphertext.startsWith('A') ? 'B' : 'A';
    const changed = first + envelope.ciphertext.slice(1);
    expect(await problem(JSON.stringify({ ...envelope, ciphertext: changed }))).toBe(
      'authentication',
    );
    expect(await problem(JSON.stringify({ ...envelope, attemptId: 43 }))).toBe('authentication');
    expect(await problem(text, key(2))).toBe('authentication');
    expect(await problem('not json')).toBe('format');
    expect(await problem(text)).toBeNull();
  });
});
