import type { CertLevel, QuestionView } from '@kaoshi/shared';
import { Descriptions, Flex, Grid, Modal, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuestionView as ExamineeView } from './QuestionView';
import { useLevelLabel } from '../structure';
import { useCodeLabel } from '../../utils/use-code-label';
import { AuditTag } from './AuditTag';
import { difficultyKey } from './difficulty';

interface QuestionPreviewDialogProps {
  open: boolean;
  question?: QuestionView;
  onClose: () => void;
}

/** A question as the examinee will see it; the key and analysis only when asked for. */
export function QuestionPreviewDialog({ open, question, onClose }: QuestionPreviewDialogProps) {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  const levelLabel = useLevelLabel();
  const screens = Grid.useBreakpoint();
  const [showAnswer, setShowAnswer] = useState(false);

  return (
    <Modal
      open={open}
      title={question ? t('question.preview.title', { id: question.id }) : undefined}
      width={{ xs: '100%', sm: 640, lg: 800 }}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      className="question-preview-dialog"
    >
      {question && (
        <Flex vertical gap={16}>
          <Flex wrap gap={8} align="center" justify="space-between">
            <Flex wrap gap={6} align="center">
              <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                {codeLabel('questionType', question.type)}
              </Tag>
              <AuditTag question={question} />
            </Flex>
            <Flex gap={8} align="center">
              <Switch id="question-show-answer" checked={showAnswer} onChange={setShowAnswer} />
              <label htmlFor="question-show-answer">{t('question.preview.showAnswer')}</label>
            </Flex>
          </Flex>
          <div
            className="question-preview-paper"
            style={{
              padding: 16,
              border: '1px solid var(--ant-color-border-secondary)',
              borderRadius: 8,
            }}
          >
            <ExamineeView
              question={question}
              number={1}
              showAnswer={showAnswer}
              extra={
                <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                  {t('question.preview.points', { score: question.score })}
                </Typography.Text>
              }
            />
          </div>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            layout={screens.sm ? 'horizontal' : 'vertical'}
            items={[
              {
                key: 'place',
                label: t('question.fields.place'),
                children: `${question.subjectName} · ${levelLabel(question.level as CertLevel)} · ${question.courseName}${question.pointName ? ` / ${question.pointName}` : ''}`,
              },
              {
                key: 'difficulty',
                label: t('question.fields.difficulty'),
                children: `${question.difficulty} · ${t(`question.difficulty.${difficultyKey(question.difficulty)}`)}`,
              },
              { key: 'author', label: t('question.fields.author'), children: question.authorName },
              {
                key: 'reviewer',
                label: t('question.fields.reviewer'),
                children: question.reviewerName || t('codes.none'),
              },
            ]}
          />
        </Flex>
      )}
    </Modal>
  );
}
