import { CoffeeOutlined } from '@ant-design/icons';
import type { BreakAllowance } from '@kaoshi/shared';
import { App, Button, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRemaining } from '../../components/time/format-remaining';
import type { PausedState } from './session-state';
import { breaksLeft } from './rest-break';

/** How often the break's countdown is shown anew. */
const TICK_MS = 500;

/**
 * "Take a break (N left, M min each)" (docs/features/accommodations.md "Rest breaks"): shown
 * when the attempt was given breaks, disabled once none is left; asks before taking one.
 */
export function RestBreakButton({
  breaks,
  onTake,
}: {
  breaks: BreakAllowance;
  onTake(): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  if (breaks.allowed === 0) return null;
  const left = breaksLeft(breaks);
  const confirm = () =>
    modal.confirm({
      title: t('attemptPage.restBreak.confirmTitle'),
      content: t('attemptPage.restBreak.confirmBody', { minutes: breaks.minutes, left }),
      okText: t('attemptPage.restBreak.confirmOk'),
      // A refusal is shown by the call itself (the server names why).
      onOk: () => onTake().catch(() => undefined),
    });
  return (
    <Button
      icon={<CoffeeOutlined />}
      disabled={left === 0}
      onClick={confirm}
      className="exam-break"
    >
      {t('attemptPage.restBreak.take', { left, minutes: breaks.minutes })}
    </Button>
  );
}

/**
 * On a rest break: in place of the paper, the break's time left counting down, the exam's clock
 * as it stands, and End break. When the break runs out the server ends it (the page is told).
 */
export function BreakOverlay({
  paused,
  onEnd,
}: {
  paused: PausedState & { breakEndsAt: number };
  onEnd(): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => performance.now());
  const [ending, setEnding] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const leftMs = paused.breakEndsAt - now;
  const end = () => {
    setEnding(true);
    onEnd()
      .catch(() => undefined)
      .finally(() => setEnding(false));
  };
  return (
    <section className="exam-paused exam-on-break" role="alert" aria-live="assertive">
      <CoffeeOutlined className="exam-paused-icon" aria-hidden />
      <h2 className="exam-paused-title">{t('attemptPage.restBreak.title')}</h2>
      <Typography.Paragraph className="exam-paused-reason" role="timer">
        {leftMs > 0
          ? t('attemptPage.restBreak.left', { time: formatRemaining(leftMs) })
          : t('attemptPage.restBreak.ending')}
      </Typography.Paragraph>
      <Typography.Paragraph>
        {t('attemptPage.restBreak.clock', { time: formatRemaining(paused.remainingMs) })}
      </Typography.Paragraph>
      <Button type="primary" size="large" loading={ending} onClick={end}>
        {t('attemptPage.restBreak.end')}
      </Button>
    </section>
  );
}
