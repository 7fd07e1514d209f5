import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The name-or-code filter of the four structure lists' search bars. */
export function KeywordFilter() {
  const { t } = useTranslation();
  return (
    <Form.Item name="keyword" noStyle>
      <Input
        allowClear
        placeholder={t('school.fields.keyword')}
        aria-label={t('school.fields.keyword')}
      />
    </Form.Item>
  );
}
