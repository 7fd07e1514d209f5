import { QuestionType, type PrintItem } from '@kaoshi/shared';
import { useTranslation } from 'react-i18next';

/** Lines for a written answer on the sheet. */
const WRITING_LINES = 5;

/** Where the examinee marks or writes the answer to question `number`. */
export function PrintSheetItem({ item, number }: { item: PrintItem; number: number }) {
  const { t } = useTranslation();
  const boxes =
    item.type === QuestionType.SINGLE || item.type === QuestionType.MULTIPLE
      ? item.options.map((option) => option.key)
      : item.type === QuestionType.JUDGEMENT
        ? [t('paperPrint.sheet.true'), t('paperPrint.sheet.false')]
        : null;
  if (boxes) {
    return (
      <div className="paper-print-sheet-item" data-number={number}>
        <span className="paper-print-sheet-number">{number}.</span>
        {boxes.map((box) => (
          <span key={box} className="paper-print-bubble">
            {box}
          </span>
        ))}
      </div>
    );
  }
  if (item.type === QuestionType.FILL_BLANK) {
    return (
      <div className="paper-print-sheet-item wide" data-number={number}>
        <span className="paper-print-sheet-number">{number}.</span>
        <span className="paper-print-blanks">
          {Array.from({ length: item.blankCount }, (_, index) => (
            <span key={index} className="paper-print-blank">
              {t('paperPrint.question.blank', { n: index + 1 })}
              <span className="paper-print-line" />
            </span>
          ))}
        </span>
      </div>
    );
  }
  return (
    <div
      className="paper-print-sheet-item wide written"
      data-number={number}
      role="group"
      aria-label={t('paperPrint.sheet.writeHere', { n: number })}
    >
      <span className="paper-print-sheet-number">{number}.</span>
      <div className="paper-print-answer-lines">
        {Array.from({ length: WRITING_LINES }, (_, index) => (
          <div key={index} className="paper-print-answer-line" />
        ))}
      </div>
    </div>
  );
}
