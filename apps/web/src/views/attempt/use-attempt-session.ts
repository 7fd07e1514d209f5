import type { AttemptView } from '@kaoshi/shared';
import { useEffect, useState, useSyncExternalStore } from 'react';
import i18n from '../../i18n';
import { AttemptSession } from './attempt-session';

/** The attempt's live session for as long as the page shows it, and its state. */
export function useAttemptSession(view: AttemptView) {
  const [session] = useState(() => new AttemptSession(view, () => i18n.language));
  useEffect(() => {
    session.start();
    return () => session.close();
  }, [session]);
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return { session, state };
}
