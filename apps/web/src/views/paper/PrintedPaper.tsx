import { titleHasNumber, type PrintPaper } from '@kaoshi/shared';
import { useTranslation } from 'react-i18next';
import { PrintHeader } from './PrintHeader';
import { PrintQuestion } from './PrintQuestion';
import { PrintScoreTable } from './PrintScoreTable';
import { firstNumbers, usePartLabels } from './print-labels';

/**
 * The paper as it is printed and handed out: the header, the score table, then each part with
 * its questions numbered throughout. With its key (`paper.withKey`), every question's answer and
 * explanation follow it and the header says so.
 */
export function PrintedPaper({ paper }: { paper: PrintPaper }) {
  const { t } = useTranslation();
  const { part } = usePartLabels();
  const starts = firstNumbers(paper);
  return (
    <article className={`paper-print-page${paper.withKey ? ' with-key' : ''}`}>
      <PrintHeader
        paper={{
          ...paper,
          name: paper.withKey ? `${paper.name}${t('paperPrint.header.withKey')}` : paper.name,
        }}
        notice={paper.withKey ? t('paperPrint.header.keyNotice') : undefined}
      >
        {paper.description && <p className="paper-print-description">{paper.description}</p>}
        {paper.drawPerCandidate && (
          <p className="paper-print-description">{t('paperPrint.header.drawn')}</p>
        )}
        <PrintScoreTable paper={paper} />
      </PrintHeader>
      {paper.sections.map((section, index) => (
        <section key={index} className="paper-print-section">
          <h2 className="paper-print-section-title">
            {!titleHasNumber(section.title) && part(index)}
            {section.title}
            <span className="paper-print-section-totals">
              {t('paperPrint.section.totals', {
                count: section.items.length,
                points: section.total,
              })}
            </span>
          </h2>
          {section.description && (
            <p className="paper-print-section-description">{section.description}</p>
          )}
          {section.items.length === 0 && (
            <p className="paper-print-muted">{t('paperPrint.section.empty')}</p>
          )}
          {section.items.map((item, q) => (
            <PrintQuestion key={item.itemId} item={item} number={starts[index]! + q} />
          ))}
        </section>
      ))}
    </article>
  );
}
