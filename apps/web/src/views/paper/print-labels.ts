import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const CHINESE_NUMERALS = '一二三四五六七八九十';

/** 一 … 十, 十一 … 十九, 二十 …: how a Chinese paper numbers its parts. */
export function chineseNumeral(n: number): string {
  if (n <= 10) return CHINESE_NUMERALS[n - 1]!;
  const tens = Math.floor(n / 10);
  const units = n % 10;
  return `${tens > 1 ? CHINESE_NUMERALS[tens - 1] : ''}十${units ? CHINESE_NUMERALS[units - 1] : ''}`;
}

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
