import { structureCode } from '@kaoshi/shared';
import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldRules } from '../../components/form/use-field-rules';

/** The shared zod rules of the structure's fields (packages/shared/src/schemas/school.ts). */
export function useFormRules() {
  const { t } = useTranslation();
  const fieldRules = useFieldRules('school');
  return useMemo(
    () => ({
      ...fieldRules,
      /** The shared schema itself decides, so the two cannot disagree. */
      code: {
        validator: (_: unknown, value: unknown) =>
          value === undefined || value === '' || structureCode.safeParse(value).success
            ? Promise.resolve()
            : Promise.reject(new Error(t('school.rules.code'))),
      } satisfies FormRule,
    }),
    [fieldRules, t],
  );
}
