import type { MarkingProgressView } from '@kaoshi/shared';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../stores/user';
import { itemPlace } from './marking-format';

/** "Part 5 · Q1" for an item id, or the id itself when it has another shape. */
export function useItemLabel() {
  const { t } = useTranslation();
  return (itemId: string) => {
    const place = itemPlace(itemId);
    return place ? t('marking.overview.itemLabel', place) : itemId;
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
