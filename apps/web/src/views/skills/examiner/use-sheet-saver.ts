import type { ItemScoreView } from '@kaoshi/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import i18n from '../../../i18n';
import { openScoreSocket } from './score-socket';
import { SheetSaver } from './sheet-saver';

/**
 * The saver of the candidate's sheet, made from the server's scores when the sheet first renders
 * (its caller is keyed by candidate: later reads of the sheet do not replace what the examiner
 * has typed since), started with the page and stopped when it goes; its saves go over the exam's
 * socket channel in the UI's language while it is connected.
 */
export function useSheetSaver(
  candidateId: number,
  examinerId: number,
  server: readonly ItemScoreView[],
) {
  const [saver] = useState(
    () =>
      new SheetSaver(candidateId, examinerId, server, (onConnect) =>
        openScoreSocket(() => i18n.language, onConnect),
      ),
  );
  useEffect(() => {
    void saver.start();
    return () => saver.stop();
  }, [saver]);
  const snapshot = useSyncExternalStore(saver.subscribe, saver.getSnapshot);
  return { saver, snapshot };
}
