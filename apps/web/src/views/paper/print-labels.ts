import { chineseNumeral } from '@kaoshi/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The number of each part's first question: questions are numbered throughout the paper. */
export function firstNumbers(paper: { sections: { items: unknown[] }[] }): number[] {
  let next = 1;
  return paper.sections.map((section) => {
    const first = next;
    next += section.items.length;
    return first;
  });
}

/**
 * The names of a paper's parts (大题) as its language numbers them: "一、" in Chinese, "Part 1."
 * in English; `short` is the name in the score table's header.
 */
export function usePartLabels() {
  const { t, i18n } = useTranslation();
  const chinese = i18n.resolvedLanguage === 'zh';
  const numeral = useCallback(
    (index: number) => (chinese ? chineseNumeral(index + 1) : String(index + 1)),
    [chinese],
  );
  return {
    part: (index: number) => t('paperPrint.section.part', { n: numeral(index) }),
    short: (index: number) => t('paperPrint.section.short', { n: numeral(index) }),
  };
}
