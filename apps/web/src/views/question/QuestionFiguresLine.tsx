import type { QuestionFigures } from '@kaoshi/shared';
import { Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { index2 } from '../../components/analysis/item-analysis-format';
import { discriminationFlagged, facilityFlagged } from './question-figures';

/**
 * How a question fared in the released exams that used it, on a line under its stem: times used,
 * facility and discrimination (weighted by candidates); a value item analysis would flag shows
 * in warning.
 */
export function QuestionFiguresLine({ figures }: { figures: QuestionFigures | undefined }) {
  const { t } = useTranslation();
  if (!figures) return null;
  if (figures.timesUsed === 0) {
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }} className="question-figures">
        {t('question.figures.notUsed')}
      </Typography.Text>
    );
  }
  const help = t('question.figures.help', {
    exams: figures.timesUsed,
    count: figures.candidates,
  });
  return (
    <Tooltip title={help}>
      <Flex
        wrap
        gap="0 8px"
        tabIndex={0}
        aria-label={help}
        style={{ fontSize: 12, whiteSpace: 'nowrap', width: 'fit-content' }}
        className="question-figures"
        data-question={figures.questionId}
      >
        <span data-figure="timesUsed">
          {t('question.figures.timesUsed', { count: figures.timesUsed })}
        </span>
        <Typography.Text
          type={facilityFlagged(figures) ? 'warning' : undefined}
          style={{ fontSize: 12 }}
          data-figure="facility"
        >
          {t('question.figures.facility', { value: index2(figures.facility) })}
        </Typography.Text>
        <Typography.Text
          type={discriminationFlagged(figures) ? 'warning' : undefined}
          style={{ fontSize: 12 }}
          data-figure="discrimination"
        >
          {t('question.figures.discrimination', { value: index2(figures.discrimination) })}
        </Typography.Text>
      </Flex>
    </Tooltip>
  );
}
