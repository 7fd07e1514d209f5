import {
  ArrowLeftOutlined,
  DeleteOutlined,
  PlusOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  PAPER_DESCRIPTION_MAX,
  PAPER_SECTION_TITLE_MAX,
  type CertLevel,
  type PaperMode,
} from '@kaoshi/shared';
import { Button, Card, Col, Flex, Input, InputNumber, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { emptyRule, moved, paperTotal, type BuilderSection } from './builder-state';
import { RulesTable } from './RulesTable';
import { SectionQuestions } from './SectionQuestions';

interface PaperSectionCardProps {
  section: BuilderSection;
  /** Its place among the sections, from 0. */
  index: number;
  /** How many sections the paper has: the last one stays. */
  sectionCount: number;
  mode: PaperMode;
  perCandidate: boolean;
  /** The job type and level are chosen: the bank can be drawn or picked from. */
  placed: boolean;
  subjectId?: number;
  level?: CertLevel;
  drawing: boolean;
  onChange: (change: Partial<BuilderSection>) => void;
  onMoveUp: () => void;
  onRemove: () => void;
  onDraw: () => void;
  onSwap: (question: number) => void;
  onPick: () => void;
}

/** One section: its title, description and score, its rules (by rules), and its questions. */
export function PaperSectionCard({
  section,
  index: s,
  sectionCount,
  mode,
  perCandidate,
  placed,
  subjectId,
  level,
  drawing,
  onChange,
  onMoveUp,
  onRemove,
  onDraw,
  onSwap,
  onPick,
}: PaperSectionCardProps) {
  const { t } = useTranslation();
  const sectionLabel = t('paper.section.label', { number: s + 1 });
  return (
    <Card
      size="small"
      className="paper-section"
      data-section={s + 1}
      title={
        <Flex gap={8} align="center" wrap>
          <span>{sectionLabel}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {t('paper.section.summary', {
              count: perCandidate
                ? section.rules.reduce((n, r) => n + r.count, 0)
                : section.questions.length,
              points: paperTotal([section], perCandidate),
            })}
          </Typography.Text>
        </Flex>
      }
      extra={
        mode !== 'blueprint' && (
          <Space size={4} wrap>
            <Button
              size="small"
              icon={<ArrowLeftOutlined rotate={90} />}
              aria-label={t('paper.section.moveUp', { section: sectionLabel })}
              disabled={s === 0}
              onClick={onMoveUp}
            />
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('paper.section.remove', { section: sectionLabel })}
              disabled={sectionCount === 1}
              onClick={onRemove}
            />
          </Space>
        )
      }
    >
      <Flex vertical gap={12}>
        <Row gutter={12}>
          <Col xs={24} md={10}>
            <Input
              value={section.title}
              maxLength={PAPER_SECTION_TITLE_MAX}
              addonBefore={t('paper.section.title')}
              aria-label={t('paper.section.titleOf', { section: sectionLabel })}
              onChange={(event) => onChange({ title: event.target.value })}
            />
          </Col>
          <Col xs={24} md={8}>
            <Input
              value={section.description}
              maxLength={PAPER_DESCRIPTION_MAX}
              placeholder={t('paper.section.description')}
              aria-label={t('paper.section.descriptionOf', { section: sectionLabel })}
              onChange={(event) => onChange({ description: event.target.value })}
            />
          </Col>
          {mode === 'manual' && (
            <Col xs={24} md={6}>
              <InputNumber
                value={section.score}
                min={0.01}
                max={1000}
                precision={2}
                placeholder={t('paper.section.ownScores')}
                addonBefore={t('paper.section.oneScore')}
                aria-label={t('paper.section.oneScoreOf', { section: sectionLabel })}
                style={{ width: '100%' }}
                onChange={(value) =>
                  onChange({
                    score: value,
                    questions:
                      value === null
                        ? section.questions
                        : section.questions.map((q) => ({ ...q, score: value })),
                  })
                }
              />
            </Col>
          )}
        </Row>
        {mode === 'rules' && (
          <>
            <RulesTable
              sectionLabel={sectionLabel}
              rules={section.rules}
              subjectId={subjectId}
              level={level}
              onChange={(index, rule) =>
                onChange({
                  rules: section.rules.map((r, i) => (i === index ? rule : r)),
                })
              }
              onRemove={(index) =>
                onChange({ rules: section.rules.filter((_r, i) => i !== index) })
              }
            />
            <Flex gap={8} wrap>
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() =>
                  onChange({
                    rules: [...section.rules, emptyRule(section.rules.at(-1)?.type ?? 0)],
                  })
                }
              >
                {t('paper.rules.add')}
              </Button>
              <Button
                icon={<ThunderboltOutlined />}
                loading={drawing}
                disabled={!placed || section.rules.length === 0}
                onClick={onDraw}
              >
                {perCandidate ? t('paper.draw.sample') : t('paper.draw.section')}
              </Button>
            </Flex>
          </>
        )}
        {(!perCandidate || section.questions.length > 0) && (
          <SectionQuestions
            sectionLabel={sectionLabel}
            questions={section.questions}
            sectionScore={mode === 'manual' ? section.score : null}
            readOnly={perCandidate || mode === 'blueprint'}
            onScore={(index, score) =>
              onChange({
                questions: section.questions.map((q, i) => (i === index ? { ...q, score } : q)),
              })
            }
            onMove={(from, to) => onChange({ questions: moved(section.questions, from, to) })}
            onRemove={(index) =>
              onChange({
                questions: section.questions.filter((_q, i) => i !== index),
              })
            }
            onSwap={mode === 'rules' ? onSwap : undefined}
          />
        )}
        {mode === 'manual' && (
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={!placed}
            onClick={onPick}
            title={placed ? undefined : t('paper.edit.placeFirst')}
          >
            {t('paper.section.pick')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
