import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The server's reasons for refusing one id of a batch (English, see question.service.ts) and the
 * key that says it in the user's language; an unknown reason is shown as the server wrote it.
 */
const REASONS = [
  { pattern: /cannot review your own question/i, key: 'ownQuestion' },
  { pattern: /is used in (\d+) paper/i, key: 'usedInPapers' },
  { pattern: /was added to a paper meanwhile/i, key: 'usedInPapers' },
  { pattern: /is retired: restore it/i, key: 'retired' },
  { pattern: /cannot be submitted for review/i, key: 'notSubmittable' },
  { pattern: /is not under review/i, key: 'notUnderReview' },
  { pattern: /not found$/i, key: 'notFound' },
] as const;

export function useBatchFailureText() {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      for (const { pattern, key } of REASONS) {
        if (pattern.test(message)) return t(`question.batch.reasons.${key}`);
      }
      return message;
    },
    [t],
  );
}
