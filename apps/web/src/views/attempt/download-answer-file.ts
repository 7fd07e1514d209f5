import type { AttemptView } from '@kaoshi/shared';
import { saveBlob } from '../../api/transfer';
import { answerOutbox } from './answer-outbox';
import type { AttemptSession } from './attempt-session';
import { makeAnswerFile } from './answer-file';
import { keptAttempts } from './offline-kept';

/** Saves the answer file of what waits on this device: no server call (the page is offline). */
export async function downloadAnswerFile(view: AttemptView, session: AttemptSession) {
  await session.whenWritten();
  const { fileName, text } = await makeAnswerFile({
    view,
    waiting: await answerOutbox.list(view.attemptId),
    events: await keptAttempts.queuedEvents(view.attemptId),
    serverNow: keptAttempts.serverNow(view.attemptId),
  });
  saveBlob(new Blob([text], { type: 'application/octet-stream' }), fileName);
}
