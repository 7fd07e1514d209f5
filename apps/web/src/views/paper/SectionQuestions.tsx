import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  HolderOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import type { PaperQuestionView } from '@kaoshi/shared';
import { Button, Flex, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTableLook } from '../../components/list/use-list-page';
import { useCodeLabel } from '../../utils/use-code-label';
import { SafeHtml } from '../../components/SafeHtml';
import { RowNumberInput } from './builder-inputs';
import './paper-builder.css';

/** Below this width the stem column would be too narrow to read: the table scrolls instead. */
const SECTION_TABLE_MIN_WIDTH = 640;

interface SectionQuestionsProps {
  /** Names the section's controls for assistive technology ("第 1 大题"). */
  sectionLabel: string;
  questions: PaperQuestionView[];
  /** The section's one score: the score inputs are then fixed to it. */
  sectionScore: number | null;
  onScore: (index: number, score: number) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  /** Rules sections: another question that meets the same rule. */
  onSwap?: (index: number) => void;
  /** A draw per candidate shows a sample: nothing to edit. */
  readOnly?: boolean;
}

/**
 * The questions of one section in order: drag a row (or use the arrow buttons, which the
 * keyboard reaches) to reorder, set a question's points, remove it or swap it.
 */
export function SectionQuestions({
  sectionLabel,
  questions,
  sectionScore,
  onScore,
  onMove,
  onRemove,
  onSwap,
  readOnly = false,
}: SectionQuestionsProps) {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  const look = useTableLook(t('paper.section.empty'));
  const [dragged, setDragged] = useState<number>();

  return (
    <Table<PaperQuestionView>
      {...look}
      // Fixed columns around a stem that takes the rest: the score inputs and buttons stay in the
      // section's box on a laptop; only a phone scrolls the table sideways.
      tableLayout="fixed"
      scroll={{ x: SECTION_TABLE_MIN_WIDTH }}
      rowKey="questionId"
      pagination={false}
      dataSource={questions}
      className="paper-section-questions"
      onRow={(_question, index) =>
        readOnly || index === undefined
          ? {}
          : {
              draggable: true,
              onDragStart: (event) => {
                event.dataTransfer.effectAllowed = 'move';
                setDragged(index);
              },
              onDragOver: (event) => {
                if (dragged !== undefined) event.preventDefault();
              },
              onDrop: (event) => {
                event.preventDefault();
                if (dragged !== undefined) onMove(dragged, index);
                setDragged(undefined);
              },
              onDragEnd: () => setDragged(undefined),
            }
      }
      columns={[
        {
          key: 'order',
          width: 56,
          render: (_, _question, index) => (
            <Flex gap={4} align="center">
              {!readOnly && (
                <HolderOutlined
                  style={{ cursor: 'grab', color: 'var(--ant-color-text-tertiary)' }}
                />
              )}
              <span className="paper-question-number">{index + 1}</span>
            </Flex>
          ),
        },
        {
          title: t('question.fields.content'),
          key: 'content',
          render: (_, question) => (
            <Flex vertical gap={2}>
              {/* The stem as the examinee reads it (formulas typeset), two lines at most. */}
              <Tooltip title={<SafeHtml html={question.content} />}>
                <div className="paper-question-stem">
                  <SafeHtml html={question.content} />
                </div>
              </Tooltip>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                #{question.questionId} · {question.courseName}
                {question.pointName ? ` / ${question.pointName}` : ''}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          title: t('question.fields.type'),
          key: 'type',
          width: 104,
          render: (_, question) => (
            <Tag color="blue" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
              {codeLabel('questionType', question.type)}
            </Tag>
          ),
        },
        {
          title: t('question.fields.difficulty'),
          dataIndex: 'difficulty',
          width: 72,
          responsive: ['md'],
        },
        {
          title: t('paper.section.points'),
          key: 'score',
          width: 104,
          render: (_, question, index) =>
            readOnly ? (
              question.score
            ) : (
              <RowNumberInput
                of="points"
                value={sectionScore ?? question.score}
                disabled={sectionScore !== null}
                aria-label={t('paper.section.pointsOf', {
                  section: sectionLabel,
                  number: index + 1,
                })}
                onChange={(value) => onScore(index, value)}
                style={{ width: 88 }}
              />
            ),
        },
        ...(readOnly
          ? []
          : [
              {
                title: t('common.actions'),
                key: 'actions',
                width: onSwap ? 120 : 96,
                render: (_: unknown, question: PaperQuestionView, index: number) => {
                  const label = (action: string) =>
                    t(`paper.question.${action as 'up'}`, {
                      section: sectionLabel,
                      number: index + 1,
                    });
                  return (
                    <Space size={0} wrap={false}>
                      <Tooltip title={label('up')}>
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowUpOutlined />}
                          aria-label={label('up')}
                          disabled={index === 0}
                          onClick={() => onMove(index, index - 1)}
                        />
                      </Tooltip>
                      <Tooltip title={label('down')}>
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowDownOutlined />}
                          aria-label={label('down')}
                          disabled={index === questions.length - 1}
                          onClick={() => onMove(index, index + 1)}
                        />
                      </Tooltip>
                      {onSwap && (
                        <Tooltip title={label('swap')}>
                          <Button
                            type="text"
                            size="small"
                            icon={<SwapOutlined />}
                            aria-label={label('swap')}
                            onClick={() => onSwap(index)}
                          />
                        </Tooltip>
                      )}
                      <Tooltip title={label('remove')}>
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={label('remove')}
                          data-question={question.questionId}
                          onClick={() => onRemove(index)}
                        />
                      </Tooltip>
                    </Space>
                  );
                },
              },
            ]),
      ]}
    />
  );
}
