import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The screen groups whose forms word their rules in their own catalogue (`<group>.rules.*`). */
type RuleWords = 'base' | 'school' | 'system';

/**
 * The rules every entity form repeats (a text to enter, a choice to make, a longest length),
 * worded by the screen group's catalogue; the system screens ask for a text in the common words.
 */
export function useFieldRules(group: RuleWords) {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      required: (field: string): FormRule => ({
        required: true,
        whitespace: true,
        message:
          group === 'system'
            ? t('common.required', { field })
            : t(`${group}.rules.required`, { field }),
      }),
      choose: (field: string): FormRule => ({
        required: true,
        message: t(`${group}.rules.choose`, { field }),
      }),
      maxLength: (max: number): FormRule => ({
        max,
        message: t(`${group}.rules.maxLength`, { max }),
      }),
    }),
    [group, t],
  );
}
