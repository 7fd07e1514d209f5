import { useTranslation } from 'react-i18next';
import { TextFilter } from '../../components/list/filters';

/** The name-or-code filter of the four structure lists' search bars. */
export function KeywordFilter() {
  const { t } = useTranslation();
  return <TextFilter name="keyword" label={t('school.fields.keyword')} />;
}
