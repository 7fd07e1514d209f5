import { titleHasNumber, type PrintPaper } from '@kaoshi/shared';
import { useTranslation } from 'react-i18next';
import { PrintHeader } from './PrintHeader';
import { PrintSheetItem } from './PrintSheetItem';
import { firstNumbers, usePartLabels } from './print-labels';

/**
 * The answer sheet (答题卡) handed out with the paper: name and ticket number, then per part a
 * numbered box per question: option boxes to fill in, lines for blanks and written answers.
 */
export function PrintAnswerSheet({ paper }: { paper: PrintPaper }) {
  const { t } = useTranslation();
  const { part } = usePartLabels();
  const starts = firstNumbers(paper);
  return (
    <article className="paper-print-page paper-print-answer-sheet">
      <PrintHeader paper={paper} subtitle={t('paperPrint.sheet.title')}>
        <p className="paper-print-description">{t('paperPrint.sheet.instructions')}</p>
      </PrintHeader>
      {paper.sections.map((section, index) => (
        <section key={index} className="paper-print-section">
          <h2 className="paper-print-section-title">
            {!titleHasNumber(section.title) && part(index)}
            {section.title}
          </h2>
          <div className="paper-print-sheet-grid">
            {section.items.map((item, q) => (
              <PrintSheetItem key={item.itemId} item={item} number={starts[index]! + q} />
            ))}
          </div>
        </section>
      ))}
    </article>
  );
}
