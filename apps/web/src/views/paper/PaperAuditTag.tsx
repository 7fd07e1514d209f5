import { PaperAudit, type PaperListItem } from '@kaoshi/shared';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  draft: 'default',
  [PaperAudit.UNDER_REVIEW]: 'processing',
  [PaperAudit.PASSED]: 'success',
  [PaperAudit.FAILED]: 'error',
};

/** A paper's group audit state (a draft before it is submitted); a failed one tells why. */
export function PaperAuditTag({
  paper,
}: {
  paper: Pick<PaperListItem, 'auditStatus' | 'auditReason'>;
}) {
  const { t } = useTranslation();
  const state = paper.auditStatus === null ? 'draft' : String(paper.auditStatus);
  const tag = (
    <Tag color={COLORS[state]} style={{ marginInlineEnd: 0 }} className="paper-audit-tag">
      {t(`paper.audit.${state as 'draft'}`)}
    </Tag>
  );
  return paper.auditStatus === PaperAudit.FAILED && paper.auditReason ? (
    <Tooltip title={t('paper.list.failedBecause', { reason: paper.auditReason })}>{tag}</Tooltip>
  ) : (
    tag
  );
}
