import { Input, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** The name-or-code search box of the four structure lists. */
export function KeywordInput(props: InputProps) {
  const { t } = useTranslation();
  return (
    <Input
      allowClear
      placeholder={t('school.fields.keyword')}
      aria-label={t('school.fields.keyword')}
      {...props}
    />
  );
}
