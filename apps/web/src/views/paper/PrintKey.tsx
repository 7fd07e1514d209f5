import { QuestionType, type PaperItemKey, type QuestionTypeCode } from '@kaoshi/shared';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../components/SafeHtml';

interface PrintKeyProps {
  type: QuestionTypeCode;
  itemKey: PaperItemKey;
}

/** A question's answer and explanation under it, boxed and labelled so no one takes it for the stem. */
export function PrintKey({ type, itemKey }: PrintKeyProps) {
  const { t } = useTranslation();
  const separator = t('paperPrint.key.separator');

  let answer = null;
  if (type === QuestionType.SINGLE || type === QuestionType.MULTIPLE) {
    answer = <span className="paper-print-key-text">{itemKey.correctKeys.join('')}</span>;
  } else if (type === QuestionType.JUDGEMENT) {
    answer = (
      <span className="paper-print-key-text">
        {t(itemKey.answer === 'T' ? 'paperPrint.question.true' : 'paperPrint.question.false')}
      </span>
    );
  } else if (type === QuestionType.FILL_BLANK) {
    answer = (
      <span className="paper-print-key-text">
        {itemKey.blanks
          .map(
            (accepted, index) =>
              `${t('paperPrint.question.blank', { n: index + 1 })} ${accepted.join(' / ')}`,
          )
          .join(separator)}
      </span>
    );
  } else if (itemKey.answer) {
    answer = <SafeHtml html={itemKey.answer} className="paper-print-key-html" />;
  }
  const answerLabel =
    type === QuestionType.SHORT_ANSWER
      ? 'paperPrint.key.modelAnswer'
      : type === QuestionType.EXTERNAL_LINK
        ? 'paperPrint.key.markingGuide'
        : 'paperPrint.key.answer';

  return (
    <aside className="paper-print-key" aria-label={t('paperPrint.key.label')}>
      {answer && (
        <div className="paper-print-key-row">
          <strong className="paper-print-key-label">{t(answerLabel)}</strong>
          {answer}
        </div>
      )}
      <div className="paper-print-key-row">
        <strong className="paper-print-key-label">{t('paperPrint.key.analysis')}</strong>
        {itemKey.analysis ? (
          <SafeHtml html={itemKey.analysis} className="paper-print-key-html" />
        ) : (
          <span className="paper-print-key-text paper-print-muted">
            {t('paperPrint.key.noAnalysis')}
          </span>
        )}
      </div>
    </aside>
  );
}
