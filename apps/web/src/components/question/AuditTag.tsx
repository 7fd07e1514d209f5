import { AuditStatus, type QuestionView } from '@kaoshi/shared';
import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../utils/use-code-label';

const COLORS: Record<number, string> = {
  [AuditStatus.NOT_STARTED]: 'default',
  [AuditStatus.UNDER_REVIEW]: 'processing',
  [AuditStatus.PASSED]: 'success',
  [AuditStatus.FAILED]: 'error',
  [AuditStatus.EXPIRED]: 'warning',
};

/** A question's audit status; a rejected one tells why on hover, a retired one says so. */
export function AuditTag({ question }: { question: QuestionView }) {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  const tag = (
    <Tag
      color={COLORS[question.auditStatus] ?? 'default'}
      style={{ marginInlineEnd: 0 }}
      className="question-audit-tag"
    >
      {codeLabel('auditStatus', question.auditStatus)}
    </Tag>
  );
  return (
    <Flex gap={4} wrap>
      {question.auditStatus === AuditStatus.FAILED && question.auditReason ? (
        <Tooltip title={t('question.list.rejectedBecause', { reason: question.auditReason })}>
          {tag}
        </Tooltip>
      ) : (
        tag
      )}
      {question.retired && (
        <Tag style={{ marginInlineEnd: 0 }} className="question-retired-tag">
          {t('question.list.retiredTag')}
        </Tag>
      )}
    </Flex>
  );
}
