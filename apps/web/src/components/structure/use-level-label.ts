import { CERT_LEVEL_KEYS, type CertLevel } from '@kaoshi/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Messages } from '../../i18n/types';

type LevelKey = keyof Messages['school']['levels'];

/** The i18n key of a level's name (`school.levels.<key>`), from CERT_LEVEL_KEYS. */
export const levelKey = (level: CertLevel) => CERT_LEVEL_KEYS[level] as LevelKey;

/** The name of a certification level in the current language, e.g. 5 → 初级. */
export function useLevelLabel() {
  const { t } = useTranslation();
  return useCallback((level: CertLevel) => t(`school.levels.${levelKey(level)}`), [t]);
}
