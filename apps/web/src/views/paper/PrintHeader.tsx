import type { PrintPaper } from '@kaoshi/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLevelLabel } from '../../components/structure';

interface PrintHeaderProps {
  paper: PrintPaper;
  /** Under the paper's name, e.g. "答题卡". */
  subtitle?: string;
  /** Above the name: the warning of a paper printed with its key. */
  notice?: string;
  /** After the lines for name and ticket number. */
  children?: ReactNode;
}

/**
 * The top of a printed paper or answer sheet: the paper's name, job type and level, time and
 * marks, and the lines the examinee writes their name and ticket number on.
 */
export function PrintHeader({ paper, subtitle, notice, children }: PrintHeaderProps) {
  const { t } = useTranslation();
  const levelLabel = useLevelLabel();
  const facts = [
    `${paper.subjectName} · ${levelLabel(paper.level)}`,
    t('paperPrint.header.duration', { minutes: paper.durationMinutes }),
    t('paperPrint.header.total', { points: paper.total }),
    t('paperPrint.header.pass', { points: paper.passScore }),
  ];
  return (
    <header className="paper-print-header">
      {notice && <p className="paper-print-notice">{notice}</p>}
      <h1 className="paper-print-title">{paper.name}</h1>
      {subtitle && <p className="paper-print-subtitle">{subtitle}</p>}
      <p className="paper-print-facts">
        {facts.map((fact) => (
          <span key={fact} className="paper-print-fact">
            {fact}
          </span>
        ))}
      </p>
      <div className="paper-print-candidate">
        <span className="paper-print-field">
          {t('paperPrint.header.name')}
          <span className="paper-print-line" />
        </span>
        <span className="paper-print-field">
          {t('paperPrint.header.ticket')}
          <span className="paper-print-line" />
        </span>
      </div>
      {children}
    </header>
  );
}
