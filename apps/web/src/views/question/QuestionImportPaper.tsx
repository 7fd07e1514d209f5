import type { QuestionImportPaperPreview } from '@kaoshi/shared';
import { Alert, Checkbox, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAPER_EDIT_PATH } from '../../components/paper/paper-routes';

/** Whether the dialog offers to make the paper ticked: a first import of a test it may make. */
export const paperByDefault = (paper: QuestionImportPaperPreview | undefined) =>
  paper !== undefined && paper.skipped === undefined && !paper.reimport;

interface ImportPaperPanelProps {
  paper: QuestionImportPaperPreview;
  makePaper: boolean;
  onMakePaper: (make: boolean) => void;
}

/** The preview's line for a QTI package's test: the draft paper it becomes, or why not. */
export function ImportPaperPanel({ paper, makePaper, onMakePaper }: ImportPaperPanelProps) {
  const { t } = useTranslation();
  return (
    <Alert
      type={paper.skipped ? 'warning' : 'info'}
      className="import-paper"
      title={t('question.import.paper.title', { title: paper.title })}
      description={
        <Flex vertical gap={4}>
          <Typography.Text>
            {t('question.import.paper.summary', {
              count: paper.questionCount,
              sections: paper.sections.length,
              total: paper.total,
              pass: paper.passScore,
              minutes: paper.durationMinutes,
            })}
          </Typography.Text>
          <ul style={{ margin: 0, paddingInlineStart: 20 }} className="import-paper-sections">
            {paper.sections.map((section, index) => (
              <li key={index}>
                {t('question.import.paper.section', {
                  title: section.title,
                  count: section.questionCount,
                  total: section.total,
                })}
              </li>
            ))}
          </ul>
          {paper.notes.length > 0 && (
            <>
              <Typography.Text type="secondary">{t('question.import.paper.notes')}</Typography.Text>
              <ul
                style={{ margin: 0, paddingInlineStart: 20, fontSize: 12 }}
                className="import-paper-notes"
              >
                {paper.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </>
          )}
          {paper.skipped ? (
            <Typography.Text strong className="import-paper-skipped">
              {t(`question.import.paper.skipped.${paper.skipped}`)}
            </Typography.Text>
          ) : (
            <>
              {paper.reimport && (
                <Typography.Text type="warning">
                  {t('question.import.paper.reimport')}
                </Typography.Text>
              )}
              <Checkbox
                id="question-import-make-paper"
                checked={makePaper}
                onChange={(event) => onMakePaper(event.target.checked)}
              >
                {t('question.import.paper.make')}
              </Checkbox>
            </>
          )}
        </Flex>
      }
    />
  );
}

/** The result's link to the draft paper the import made. */
export function ImportPaperLink({ paperId, title }: { paperId: number; title: string }) {
  const { t } = useTranslation();
  return (
    <Flex justify="center" gap={8} wrap className="import-paper-made">
      <Typography.Text>{t('question.import.paper.made')}</Typography.Text>
      <Link to={`${PAPER_EDIT_PATH}?id=${paperId}`}>
        {t('question.import.paper.open', { title })}
      </Link>
    </Flex>
  );
}
