import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';

/** The rules of the system forms (users, roles, permissions), in their words. */
export function useSystemRules() {
  const { t } = useTranslation();
  return {
    required: (field: string): FormRule => ({
      required: true,
      whitespace: true,
      message: t('common.required', { field }),
    }),
    choose: (field: string): FormRule => ({
      required: true,
      message: t('system.rules.choose', { field }),
    }),
    maxLength: (max: number): FormRule => ({ max, message: t('system.rules.maxLength', { max }) }),
  };
}
