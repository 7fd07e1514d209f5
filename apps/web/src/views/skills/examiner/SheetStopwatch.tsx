import type { ScoringSheetView, SkillTimerView } from '@kaoshi/shared';
import { Button, Flex, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRemaining } from '../../../components/time/format-remaining';
import { overtimeAt } from './sheet-total';

interface Props {
  sheet: ScoringSheetView;
  timer: SkillTimerView;
  /** Signed: the time as it stood, without buttons. */
  frozen: boolean;
  /** Start and stop need the server (its clock decides): off while offline. */
  disabled: boolean;
  busy: boolean;
  onStart: () => void;
  onStop: () => void;
}

/**
 * The task's stopwatch on the server's clock: the device's offset from `serverNow` is taken when
 * the timer arrives (the parent keys it by `serverNow`), so a device whose clock is wrong still shows the server's time. Shows the
 * limit, the overtime rule and the overtime minutes it would count now.
 */
export function SheetStopwatch({ sheet, timer, frozen, disabled, busy, onStart, onStop }: Props) {
  const { t } = useTranslation();
  // The parent keys this component by serverNow: a new timer from the server, a new offset.
  const [offset] = useState(() => Date.parse(timer.serverNow) - Date.now());
  const running = timer.startedAt !== null && timer.stoppedAt === null;
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    if (!running) return;
    const tick = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(tick);
  }, [offset, running]);

  const elapsed =
    timer.startedAt === null
      ? 0
      : (timer.stoppedAt ? Date.parse(timer.stoppedAt) : now) - Date.parse(timer.startedAt);
  const overtime = timer.stoppedAt ? timer.overtimeMinutes : overtimeAt(sheet, elapsed);
  return (
    <Flex vertical gap={4} data-testid="stopwatch">
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong style={{ fontSize: 24, fontVariantNumeric: 'tabular-nums' }}>
          {timer.startedAt === null ? '00:00' : formatRemaining(elapsed)}
        </Typography.Text>
        <Tag>{t('examiner.sheet.timer.limit', { minutes: sheet.timeLimitMinutes })}</Tag>
        {overtime > 0 && (
          <Tag color="red">{t('examiner.sheet.timer.overtime', { minutes: overtime })}</Tag>
        )}
        {frozen ? null : timer.startedAt === null ? (
          <Button
            className="examiner-touch"
            type="primary"
            disabled={disabled}
            loading={busy}
            onClick={onStart}
          >
            {t('examiner.sheet.timer.start')}
          </Button>
        ) : (
          running && (
            <Button className="examiner-touch" disabled={disabled} loading={busy} onClick={onStop}>
              {t('examiner.sheet.timer.stop')}
            </Button>
          )
        )}
      </Flex>
      {sheet.overtimePointsPerMinute > 0 && (
        <Typography.Text type="secondary">
          {t('examiner.sheet.timer.rule', {
            points: sheet.overtimePointsPerMinute,
            stop: sheet.overtimeStopMinutes,
          })}
        </Typography.Text>
      )}
    </Flex>
  );
}
