import type { AttemptView } from '@kaoshi/shared';
import { App } from 'antd';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import { timeOfDay } from '../../components/attempt/my-exams-time';
import { AttemptSession } from './attempt-session';

/** The attempt's live session for as long as the page shows it, and its state. */
export function useAttemptSession(view: AttemptView) {
  const [session] = useState(() => new AttemptSession(view, () => i18n.language));
  useEffect(() => {
    session.start();
    return () => session.close();
  }, [session]);
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot);
  useProctorMessages(state.messages);
  useReopenNotice(state.reopened, state.endsAt);
  return { session, state };
}

/** The proctor reopened the attempt while the page showed its receipt: the page says so. */
function useReopenNotice(reopened: number, endsAt: number) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const told = useRef(reopened);
  useEffect(() => {
    if (reopened === told.current) return;
    told.current = reopened;
    const deadline = new Date(Date.now() + endsAt - performance.now()).toISOString();
    notification.info({
      title: t('attemptPage.reopened', { time: timeOfDay(deadline, Date.now()) }),
      duration: 0,
      placement: 'top',
      role: 'alert',
      className: 'proctor-reopened',
    });
  }, [reopened, endsAt, notification, t]);
}

/** A proctor's message stays on the page until the candidate closes it. */
function useProctorMessages(messages: readonly { content: string; at: string }[]) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const shown = useRef(0);
  useEffect(() => {
    for (const message of messages.slice(shown.current)) {
      notification.info({
        title: t('attemptPage.proctorMessage', { time: timeOfDay(message.at, Date.now()) }),
        description: message.content,
        duration: 0,
        placement: 'top',
        role: 'alert',
        className: 'proctor-message',
      });
    }
    shown.current = messages.length;
  }, [messages, notification, t]);
}
