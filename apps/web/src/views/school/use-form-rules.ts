import { structureCode } from '@kaoshi/shared';
import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The shared zod rules of the structure's fields (packages/shared/src/schemas/school.ts). */
export function useFormRules() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      required: (field: string): FormRule => ({
        required: true,
        whitespace: true,
        message: t('school.rules.required', { field }),
      }),
      choose: (field: string): FormRule => ({
        required: true,
        message: t('school.rules.choose', { field }),
      }),
      maxLength: (max: number): FormRule => ({
        max,
        message: t('school.rules.maxLength', { max }),
      }),
      /** The shared schema itself decides, so the two cannot disagree. */
      code: {
        validator: (_: unknown, value: unknown) =>
          value === undefined || value === '' || structureCode.safeParse(value).success
            ? Promise.resolve()
            : Promise.reject(new Error(t('school.rules.code'))),
      } satisfies FormRule,
    }),
    [t],
  );
}
