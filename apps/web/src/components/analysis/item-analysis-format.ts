import type { TFunction } from 'i18next';
import type { ItemFigures, ItemFlag } from '@kaoshi/shared';

/** The screen of one exam's item analysis; the ranking and the marking overview link here. */
export const ITEM_ANALYSIS_PATH = '/examAnalysis/itemAnalysis';
export const itemAnalysisPath = (examId: number) => `${ITEM_ANALYSIS_PATH}?examId=${examId}`;

export const itemAnalysisKeys = {
  exam: (examId: number, includeUnreleased: boolean) =>
    ['analysis', 'items', examId, includeUnreleased] as const,
};

/** An index (facility, discrimination, a correlation, a reliability) with two decimals, or —. */
export const index2 = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : value.toFixed(2);

/** A share 0–1 as a percent with at most one decimal ("42.5 %" style numbers, no sign). */
export const percent1 = (share: number | null | undefined) =>
  share === null || share === undefined ? '—' : String(Math.round(share * 1000) / 10);

/** Flags from the worst for a question's quality to the mildest, as the tags are ordered. */
export const FLAG_ORDER: readonly ItemFlag[] = [
  'negativeDiscrimination',
  'lowDiscrimination',
  'tooHard',
  'tooEasy',
];

export const FLAG_COLORS: Record<ItemFlag, string> = {
  negativeDiscrimination: 'red',
  lowDiscrimination: 'orange',
  tooHard: 'volcano',
  tooEasy: 'gold',
};

export const sortFlags = (flags: readonly ItemFlag[]) =>
  [...flags].sort((a, b) => FLAG_ORDER.indexOf(a) - FLAG_ORDER.indexOf(b));

/**
 * The scatter's points: [facility, discrimination] of every question that has both, with the
 * question it stands for. The worst flag decides the point's group (and colour); 'ok' when none.
 */
export function scatterGroups(items: readonly ItemFigures[]) {
  const groups = new Map<ItemFlag | 'ok', { value: [number, number]; item: ItemFigures }[]>();
  for (const item of items) {
    if (item.facility === null || item.discrimination === null) continue;
    const group = sortFlags(item.flags)[0] ?? 'ok';
    const points = groups.get(group) ?? [];
    points.push({ value: [item.facility, item.discrimination], item });
    groups.set(group, points);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => groupRank(a) - groupRank(b))
    .map(([group, points]) => ({ group, points }));
}

const groupRank = (group: ItemFlag | 'ok') =>
  group === 'ok' ? FLAG_ORDER.length : FLAG_ORDER.indexOf(group);

/** The lowest value the discrimination axis needs: 0 unless a question discriminates negatively. */
export function discriminationFloor(items: readonly ItemFigures[]): number {
  const lowest = Math.min(0, ...items.map((item) => item.discrimination ?? 0));
  return lowest < 0 ? Math.floor(lowest * 10) / 10 : 0;
}

/** "一、单选题 · 第2题" by the section's title, "第1部分 · 第2题" when it has none. */
export function itemHeading(
  t: TFunction,
  item: Pick<ItemFigures, 'section' | 'sectionTitle' | 'number'>,
): string {
  return item.sectionTitle
    ? t('itemAnalysis.items.titledLabel', { title: item.sectionTitle, number: item.number })
    : t('itemAnalysis.items.label', { section: item.section, number: item.number });
}
