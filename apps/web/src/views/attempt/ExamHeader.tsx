import {
  CheckCircleFilled,
  ClockCircleOutlined,
  DisconnectOutlined,
  PauseCircleOutlined,
  SyncOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { AttemptView } from '@kaoshi/shared';
import { Avatar, Button, Grid } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkState, PausedState } from './attempt-session';
import { relativeTimeText } from '../../components/time/relative-time';
import { formatRemaining } from '../../components/time/format-remaining';

/** Under this much time left the clock turns to a warning. */
const WARN_MS = 5 * 60_000;
const TICK_MS = 250;

/** How often "saved 3 minutes ago" is worded anew. */
const SAVED_TICK_MS = 15_000;

/** The monotonic clock, read again every `everyMs` (a relative time that moves on by itself). */
function useMonotonicNow(everyMs: number) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * The time left, counted down on the monotonic clock towards `endsAt`, the instant the server
 * last named (a join, an acknowledgement, attempt:time): never the device's wall clock.
 */
function Countdown({ endsAt, onElapsed }: { endsAt: number; onElapsed(): void }) {
  const { t } = useTranslation();
  const now = useMonotonicNow(TICK_MS);
  const remaining = endsAt - now;
  const elapsed = remaining <= 0;
  useEffect(() => {
    if (elapsed) onElapsed();
  }, [elapsed, onElapsed]);
  const text = formatRemaining(remaining);
  return (
    <div
      className={remaining < WARN_MS ? 'exam-clock warn' : 'exam-clock'}
      role="timer"
      aria-label={t('attemptPage.header.remainingLabel', { time: text })}
    >
      <ClockCircleOutlined aria-hidden />
      <span className="exam-clock-label">{t('attemptPage.header.remaining')}</span>
      <span className="exam-clock-time">{text}</span>
    </div>
  );
}

/** Paused by a proctor, or on a rest break: the time left as it stands, not counting down. */
function StoppedClock({ remainingMs, onBreak }: { remainingMs: number; onBreak: boolean }) {
  const { t } = useTranslation();
  const text = formatRemaining(remainingMs);
  return (
    <div
      className="exam-clock paused"
      role="timer"
      aria-label={t('attemptPage.header.remainingLabel', { time: text })}
    >
      <PauseCircleOutlined aria-hidden />
      <span className="exam-clock-label">
        {t(onBreak ? 'attemptPage.restBreak.clockLabel' : 'attemptPage.paused.clockLabel')}
      </span>
      <span className="exam-clock-time">{text}</span>
    </div>
  );
}

/**
 * Whether the answers are safe: all saved (and when the server last said so, on the monotonic
 * clock: "just now", "3 minutes ago"), being saved, or waiting on this device while offline.
 */
function SaveState({
  link,
  pendingCount,
  savedAt,
}: {
  link: LinkState;
  pendingCount: number;
  savedAt: number | null;
}) {
  const { t, i18n } = useTranslation();
  const now = useMonotonicNow(SAVED_TICK_MS);
  let icon = <CheckCircleFilled />;
  let text =
    savedAt === null
      ? t('attemptPage.save.saved')
      : t('attemptPage.save.savedWhen', {
          when: relativeTimeText(
            savedAt,
            Math.max(now, savedAt),
            i18n.language,
            t('common.justNow'),
          ),
        });
  let state = 'saved';
  if (link === 'offline') {
    icon = <DisconnectOutlined />;
    state = 'offline';
    text =
      pendingCount > 0
        ? t('attemptPage.save.offlinePending', { count: pendingCount })
        : t('attemptPage.save.offline');
  } else if (pendingCount > 0) {
    icon = <SyncOutlined spin />;
    state = 'saving';
    text = t('attemptPage.save.saving', { count: pendingCount });
  } else if (link === 'connecting') {
    icon = <SyncOutlined spin />;
    state = 'connecting';
    text = t('attemptPage.save.connecting');
  }
  return (
    <div className={`exam-save ${state}`} role="status" data-state={state}>
      <span aria-hidden>{icon}</span>
      <span>{text}</span>
    </div>
  );
}

interface ExamHeaderProps {
  view: AttemptView;
  endsAt: number;
  link: LinkState;
  pendingCount: number;
  savedAt: number | null;
  /** Whether the clock runs (not after the attempt stopped here). */
  running: boolean;
  /** Paused by a proctor: the clock stands, no submit. */
  paused?: PausedState | null;
  onElapsed(): void;
  onSubmit(): void;
  submitting: boolean;
}

/** The exam's name, the candidate (photo, name, ticket), the server's time left, saving, Submit. */
export function ExamHeader({
  view,
  endsAt,
  link,
  pendingCount,
  savedAt,
  running,
  paused = null,
  onElapsed,
  onSubmit,
  submitting,
}: ExamHeaderProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { candidate } = view;
  return (
    <header className="exam-header">
      <div className="exam-candidate">
        <Avatar
          shape="square"
          size={screens.sm ? 48 : 40}
          src={candidate.photo || undefined}
          icon={<UserOutlined />}
          alt={t('attemptPage.header.photo', { name: candidate.name })}
        />
        <div className="exam-candidate-text">
          <h1 className="exam-title">{view.examName}</h1>
          <div className="exam-candidate-name">
            <span>{candidate.name}</span>
            <span>{t('attemptPage.header.ticket', { ticket: candidate.ticketNumber })}</span>
          </div>
        </div>
      </div>
      <div className="exam-header-side">
        {running && !paused && <Countdown endsAt={endsAt} onElapsed={onElapsed} />}
        {running && paused && (
          <StoppedClock
            remainingMs={paused.remainingMs}
            onBreak={paused.breakEndsAt !== undefined}
          />
        )}
        <SaveState link={link} pendingCount={pendingCount} savedAt={savedAt} />
        <Button
          type="primary"
          onClick={onSubmit}
          loading={submitting}
          disabled={!running || paused !== null}
          className="exam-submit"
        >
          {t('attemptPage.submit.button')}
        </Button>
      </div>
    </header>
  );
}
