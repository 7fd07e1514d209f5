import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { WindowProblem } from './exam-window';
import { localTime } from './exam-format';

/** A window rule broken, in words, for the field it is shown under. */
export function useWindowProblemText() {
  const { t } = useTranslation();
  return useCallback(
    (problem: WindowProblem): string => {
      switch (problem.reason) {
        case 'endBeforeStart':
          return t('exam.rules.endBeforeStart');
        case 'windowTooLong':
          return t('exam.rules.windowTooLong', { days: problem.days });
        case 'notLater':
          return t('exam.rules.onlyLater', { time: localTime(problem.endAt) });
        case 'durationBeyondWindow':
          return t('exam.rules.durationBeyondWindow', { window: problem.window });
        case 'lateEntryBeyondWindow':
          return t('exam.rules.lateEntryBeyondWindow', { window: problem.window });
        case 'minSubmitBeyondDuration':
          return t('exam.rules.minSubmitBeyondDuration', { duration: problem.duration });
      }
    },
    [t],
  );
}
