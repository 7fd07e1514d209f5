import { FlagFilled } from '@ant-design/icons';
import type { AnswerValue, DeliveredPaper } from '@kaoshi/shared';
import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAnswered } from './answer-merge';
import type { PaperItem } from './paper-items';

interface QuestionNavigatorProps {
  paper: DeliveredPaper;
  items: PaperItem[];
  values: Record<string, AnswerValue>;
  flags: ReadonlySet<string>;
  current: number;
  onJump(index: number): void;
}

/**
 * Every question by section, answered, not answered or flagged for review at a glance; a
 * button jumps to it. Each button says its state to a screen reader too.
 */
export function QuestionNavigator({
  paper,
  items,
  values,
  flags,
  current,
  onJump,
}: QuestionNavigatorProps) {
  const { t } = useTranslation();
  const answered = items.filter((entry) => isAnswered(values[entry.item.itemId])).length;
  return (
    <nav className="exam-nav" aria-label={t('attemptPage.nav.title')}>
      <div className="exam-nav-progress">
        <span>{t('attemptPage.nav.progress', { answered, total: items.length })}</span>
        <Progress
          percent={items.length ? Math.round((answered / items.length) * 100) : 0}
          showInfo={false}
          size="small"
          aria-hidden
        />
      </div>
      <ul className="exam-nav-legend" aria-hidden>
        <li>
          <span className="exam-nav-swatch answered" />
          {t('attemptPage.nav.answered')}
        </li>
        <li>
          <span className="exam-nav-swatch" />
          {t('attemptPage.nav.unanswered')}
        </li>
        <li>
          <FlagFilled className="exam-nav-flag" />
          {t('attemptPage.nav.flagged')}
        </li>
      </ul>
      {paper.sections.map((section, sectionIndex) => (
        <div key={sectionIndex} className="exam-nav-section">
          <h3 className="exam-nav-section-title">{section.title}</h3>
          <ol className="exam-nav-grid">
            {items
              .filter((entry) => entry.section === sectionIndex)
              .map((entry) => {
                const done = isAnswered(values[entry.item.itemId]);
                const flagged = flags.has(entry.item.itemId);
                const state = t(
                  done ? 'attemptPage.nav.itemAnswered' : 'attemptPage.nav.itemUnanswered',
                  { n: entry.number },
                );
                return (
                  <li key={entry.item.itemId}>
                    <button
                      type="button"
                      className={[
                        'exam-nav-item',
                        done && 'answered',
                        flagged && 'flagged',
                        entry.index === current && 'current',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                      aria-label={flagged ? `${state}, ${t('attemptPage.nav.itemFlagged')}` : state}
                      aria-current={entry.index === current ? 'step' : undefined}
                      onClick={() => onJump(entry.index)}
                    >
                      {entry.number}
                      {flagged && <FlagFilled className="exam-nav-flag" aria-hidden />}
                    </button>
                  </li>
                );
              })}
          </ol>
        </div>
      ))}
    </nav>
  );
}
