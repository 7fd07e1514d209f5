import {
  CODE_LABELS,
  UNKNOWN_LABEL,
  labelKey,
  type CodeLabelKey,
  type CodeMapName,
  type CodeValue,
} from '@kaoshi/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

// Seen through this type, every map answers keys the `codes` resources are checked against.
const MAPS: Readonly<Record<CodeMapName, Readonly<Record<string, CodeLabelKey>>>> = CODE_LABELS;

/**
 * A function that names a code of one of docs/spec.md §4's maps in the current language, e.g.
 * `codeLabel('auditStatus', row.status)` → '审核中'. A missing value the map gives no meaning
 * reads '—'; a code the map does not know shows itself, so bad data stays visible.
 */
export function useCodeLabel() {
  const { t } = useTranslation();
  return useCallback(
    (map: CodeMapName, code: CodeValue): string => {
      const key = labelKey(MAPS[map], code);
      if (key !== UNKNOWN_LABEL) return t(`codes.${key}`);
      if (code === null || code === undefined || code === '') return t('codes.none');
      return t('codes.unknown', { code: String(code) });
    },
    [t],
  );
}

/** A select's options for the codes of one map, each named as useCodeLabel names it. */
export function useCodeOptions() {
  const codeLabel = useCodeLabel();
  return <C extends CodeValue>(map: CodeMapName, codes: readonly C[]) =>
    codes.map((code) => ({ value: code, label: codeLabel(map, code) }));
}
