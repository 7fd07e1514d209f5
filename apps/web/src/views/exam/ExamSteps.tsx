import { EXAM_NAME_MAX, type CertLevel, type ExamPublishOptions } from '@kaoshi/shared';
import { Alert, Col, Descriptions, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExamWindowFields } from '../../components/exam/ExamWindowFields';
import { useLevelLabel } from '../../components/structure';
import { BatchChecklist } from './BatchChecklist';
import type { ExamFormField } from './exam-form';

// The exam form's first three steps: paper, batches, window. The policies and the review have
// files of their own.

type OptionPaper = ExamPublishOptions['papers'][number];
type OptionBatch = ExamPublishOptions['classes'][number];

interface ExamPaperStepProps {
  choices: Pick<OptionPaper, 'id' | 'name' | 'subjectName' | 'level'>[];
  paper?: OptionPaper;
  locked: (field: ExamFormField) => boolean;
}

/** The paper (with its facts once chosen) and the exam's name. */
export function ExamPaperStep({ choices, paper, locked }: ExamPaperStepProps) {
  const { t } = useTranslation();
  const levelLabel = useLevelLabel();
  return (
    <>
      <Form.Item
        name="paperId"
        label={t('exam.fields.paper')}
        rules={[{ required: true, message: t('exam.rules.paper') }]}
        extra={t('exam.edit.paperHelp')}
      >
        <Select
          aria-label={t('exam.fields.paper')}
          disabled={locked('paperId')}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('exam.edit.choosePaper')}
          notFoundContent={t('exam.edit.noPaper')}
          options={choices.map((p) => ({
            value: p.id,
            label: p.name,
            facts: `${p.subjectName} · ${levelLabel(p.level as CertLevel)}`,
          }))}
          optionRender={({ data }) => (
            <Flex vertical>
              <span>{data.label}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {data.facts}
              </Typography.Text>
            </Flex>
          )}
        />
      </Form.Item>
      {paper && (
        <Descriptions
          size="small"
          bordered
          className="exam-paper-facts"
          style={{ marginBottom: 24 }}
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'subject', label: t('exam.fields.jobType'), children: paper.subjectName },
            {
              key: 'level',
              label: t('exam.fields.level'),
              children: levelLabel(paper.level as CertLevel),
            },
            { key: 'pass', label: t('exam.fields.passScore'), children: paper.passScore },
            {
              key: 'duration',
              label: t('exam.fields.suggestedDuration'),
              children: t('exam.minutes', { count: paper.durationMinutes }),
            },
          ]}
        />
      )}
      <Form.Item
        name="name"
        label={t('exam.fields.name')}
        rules={[{ required: true, whitespace: true, message: t('exam.rules.name') }]}
        extra={t('exam.edit.nameHelp')}
      >
        <Input maxLength={EXAM_NAME_MAX} disabled={locked('name')} />
      </Form.Item>
    </>
  );
}

interface ExamBatchStepProps {
  batches: OptionBatch[];
  /** An open exam's batches: they stay, more may be added. */
  kept?: ReadonlySet<number>;
  paper?: OptionPaper;
  locked: (field: ExamFormField) => boolean;
}

/** The batches the exam is for, of the paper's job type and level. */
export function ExamBatchStep({ batches, kept, paper, locked }: ExamBatchStepProps) {
  const { t } = useTranslation();
  const levelLabel = useLevelLabel();
  return (
    <Form.Item
      name="classIds"
      label={t('exam.fields.classIds')}
      rules={[{ required: true, type: 'array', min: 1, message: t('exam.rules.batches') }]}
      extra={kept ? t('exam.edit.batchesOpenHelp') : t('exam.edit.batchesHelp')}
    >
      <BatchChecklist
        batches={batches}
        kept={kept}
        disabled={locked('classIds')}
        emptyText={
          paper
            ? t('exam.batches.none', {
                subject: paper.subjectName,
                level: levelLabel(paper.level as CertLevel),
              })
            : t('exam.batches.paperFirst')
        }
      />
    </Form.Item>
  );
}

interface ExamWindowStepProps {
  batches: OptionBatch[];
  classIds: number[];
  paper?: OptionPaper;
  /** An open exam's saved closing time: it may only close later. */
  savedEnd?: string;
  locked: (field: ExamFormField) => boolean;
}

/** The window, with the exam dates of the chosen batches above it. */
export function ExamWindowStep({
  batches,
  classIds,
  paper,
  savedEnd,
  locked,
}: ExamWindowStepProps) {
  const { t } = useTranslation();
  const chosenBatchDates = batches.filter(
    (batch) => classIds.includes(batch.id) && (batch.examStart || batch.examEnd),
  );
  return (
    <Row gutter={16}>
      {chosenBatchDates.length > 0 && (
        <Col span={24}>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('exam.edit.batchDatesTitle')}
            description={chosenBatchDates
              .map((batch) =>
                t('exam.edit.batchDates', {
                  name: batch.name,
                  start: batch.examStart ? batch.examStart.slice(0, 10) : '…',
                  end: batch.examEnd ? batch.examEnd.slice(0, 10) : '…',
                }),
              )
              .join(t('exam.check.separator'))}
          />
        </Col>
      )}
      <ExamWindowFields
        withEntryLimits
        disabled={locked}
        savedEnd={savedEnd}
        endExtra={savedEnd !== undefined ? t('exam.edit.endOpenHelp') : undefined}
        durationExtra={
          paper ? t('exam.edit.paperDuration', { count: paper.durationMinutes }) : undefined
        }
      />
    </Row>
  );
}
