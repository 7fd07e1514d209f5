import type { MarkingItemProgress, MarkingProgressView } from '@kaoshi/shared';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user';
import { itemPlace } from '../../components/marking/marking-format';

/**
 * "一、单选题 · 第1题" for an item id, by its section's title among `items` (the progress's), else
 * "Part 5 · Q1", or the id itself when it has another shape.
 */
export function useItemLabel(
  items: readonly Pick<MarkingItemProgress, 'itemId' | 'sectionTitle'>[] = [],
) {
  const { t } = useTranslation();
  const titles = new Map(items.map((item) => [item.itemId, item.sectionTitle]));
  return (itemId: string) => {
    const place = itemPlace(itemId);
    if (!place) return itemId;
    const title = titles.get(itemId);
    return title
      ? t('marking.overview.itemTitled', { title, number: place.number })
      : t('marking.overview.itemLabel', place);
  };
}

/** User ids to names: the signed-in user and those who marked (the progress), else "User 12". */
export function useMarkerName(progress: MarkingProgressView | undefined) {
  const { t } = useTranslation();
  const me = useUserStore((state) => state.info);
  const names = new Map<number, string>();
  if (me) names.set(me.id, me.nickName || me.name);
  for (const item of progress?.items ?? []) {
    for (const marker of item.markers) names.set(marker.markerId, marker.name);
  }
  return (id: number) =>
    id === 0 ? t('marking.log.system') : names.get(id) || t('marking.log.userId', { id });
}
