import type { ExamOverlap, ExamPublishCheck } from '@kaoshi/shared';
import { Alert, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { localWindow } from './exam-format';

interface OverlapGroup {
  examId: number;
  examName: string;
  startAt: string;
  endAt: string;
  students: ExamOverlap[];
}

/** The overlaps by the other exam, in the order the server listed them. */
function byExam(overlaps: ExamOverlap[]): OverlapGroup[] {
  const groups = new Map<number, OverlapGroup>();
  for (const overlap of overlaps) {
    const group = groups.get(overlap.examId) ?? {
      examId: overlap.examId,
      examName: overlap.examName,
      startAt: overlap.startAt,
      endAt: overlap.endAt,
      students: [],
    };
    group.students.push(overlap);
    groups.set(overlap.examId, group);
  }
  return [...groups.values()];
}

/** The students who already sit another exam in the same hours, named, by that exam. */
export function OverlapWarning({ check }: { check: ExamPublishCheck }) {
  const { t } = useTranslation();
  if (check.overlapTotal === 0) return null;
  const more = check.overlapTotal - check.overlaps.length;
  return (
    <Alert
      type="warning"
      showIcon
      className="exam-overlaps"
      title={t('exam.check.overlapTitle', { count: check.overlapTotal })}
      description={
        <Flex vertical gap={8}>
          {byExam(check.overlaps).map((group) => (
            <div key={group.examId} className="exam-overlap" data-exam-id={group.examId}>
              <Typography.Text strong>
                {t('exam.check.overlapExam', {
                  name: group.examName,
                  window: localWindow(group.startAt, group.endAt),
                })}
              </Typography.Text>
              <div>
                {group.students
                  .map((student) =>
                    t('exam.check.student', { name: student.name, ticket: student.ticketNumber }),
                  )
                  .join(t('exam.check.separator'))}
              </div>
            </div>
          ))}
          {more > 0 && (
            <Typography.Text type="secondary">
              {t('exam.check.overlapMore', { count: more })}
            </Typography.Text>
          )}
        </Flex>
      }
    />
  );
}

/** Who an exam is (or would be) for, per batch, and whom it overlaps another exam for. */
export function CandidateCheck({ check }: { check: ExamPublishCheck }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12} className="exam-check">
      <div>
        <Typography.Text strong className="exam-check-total">
          {t('exam.check.total', { count: check.candidateCount })}
        </Typography.Text>
        <Flex wrap gap={6} style={{ marginTop: 6 }}>
          {check.classes.map((batch) => (
            <Tag key={batch.id} className="exam-check-batch" style={{ marginInlineEnd: 0 }}>
              {t('exam.check.batch', { name: batch.name, count: batch.candidateCount })}
            </Tag>
          ))}
        </Flex>
      </div>
      {check.candidateCount === 0 && <Alert type="error" showIcon title={t('exam.check.nobody')} />}
      <OverlapWarning check={check} />
    </Flex>
  );
}
