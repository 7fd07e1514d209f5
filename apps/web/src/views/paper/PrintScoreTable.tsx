import type { PrintPaper } from '@kaoshi/shared';
import { useTranslation } from 'react-i18next';
import { usePartLabels } from './print-labels';

/** The marker's table: each part's marks, and an empty cell for its score. */
export function PrintScoreTable({ paper }: { paper: PrintPaper }) {
  const { t } = useTranslation();
  const { short } = usePartLabels();
  return (
    <div className="paper-print-score-wrap">
      <table className="paper-print-score-table">
        <caption className="paper-print-visually-hidden">
          {t('paperPrint.scoreTable.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('paperPrint.scoreTable.section')}</th>
            {paper.sections.map((_, index) => (
              <th key={index} scope="col">
                {short(index)}
              </th>
            ))}
            <th scope="col">{t('paperPrint.scoreTable.total')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t('paperPrint.scoreTable.points')}</th>
            {paper.sections.map((section, index) => (
              <td key={index}>{section.total}</td>
            ))}
            <td>{paper.total}</td>
          </tr>
          <tr className="paper-print-score-row">
            <th scope="row">{t('paperPrint.scoreTable.score')}</th>
            {paper.sections.map((_, index) => (
              <td key={index} />
            ))}
            <td />
          </tr>
        </tbody>
      </table>
    </div>
  );
}
