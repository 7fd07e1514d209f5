import type { CertLevel, ExamPublishCheck, ExamPublishOptions } from '@kaoshi/shared';
import { Card, Descriptions, Flex, Skeleton, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CandidateCheck } from '../../components/exam/CandidateCheck';
import { localWindow } from '../../components/exam/exam-format';
import { useLevelLabel } from '../../components/structure';
import { examBodyOf, type ExamFormValues } from './exam-form';
import { ExamPolicies } from './ExamPolicies';

interface ExamReviewStepProps {
  values: ExamFormValues;
  options: ExamPublishOptions;
  paper?: { name: string; subjectName: string; level: number; passScore: number };
  check?: ExamPublishCheck;
  checking: boolean;
}

/** Everything chosen, then whom the exam is for and whom it overlaps another exam for. */
export function ExamReviewStep({ values, options, paper, check, checking }: ExamReviewStepProps) {
  const { t } = useTranslation();
  const levelLabel = useLevelLabel();
  const body = examBodyOf(values);
  // In the order they were created, as the candidates per batch below.
  const batchNames = options.classes
    .filter((batch) => body.classIds.includes(batch.id))
    .sort((a, b) => a.id - b.id)
    .map((batch) => batch.name);
  const notice = options.instructions.find((n) => n.id === body.instructionId);
  const items: DescriptionsProps['items'] = [
    { key: 'name', label: t('exam.fields.name'), children: body.name },
    { key: 'paper', label: t('exam.fields.paper'), children: paper?.name },
    {
      key: 'subject',
      label: t('exam.fields.jobTypeLevel'),
      children: paper && `${paper.subjectName} · ${levelLabel(paper.level as CertLevel)}`,
    },
    { key: 'pass', label: t('exam.fields.passScore'), children: paper?.passScore },
    {
      key: 'batches',
      label: t('exam.fields.classIds'),
      children: batchNames.join(t('exam.check.separator')),
    },
    {
      key: 'window',
      label: t('exam.fields.window'),
      children: localWindow(body.startAt, body.endAt),
    },
    {
      key: 'duration',
      label: t('exam.fields.durationMinutes'),
      children: t('exam.minutes', { count: body.durationMinutes }),
    },
    {
      key: 'notice',
      label: t('exam.fields.instruction'),
      children: notice?.title ?? t('exam.edit.noInstruction'),
    },
  ];
  return (
    <Flex vertical gap={16} className="exam-review">
      <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2, xl: 3 }} items={items} />
      <ExamPolicies policies={body} />
      {(checking || check) && (
        <Card size="small" title={t('exam.check.title')} className="exam-review-check">
          {check && !checking ? (
            <CandidateCheck check={check} />
          ) : (
            <Skeleton active paragraph={{ rows: 2 }} />
          )}
        </Card>
      )}
    </Flex>
  );
}
