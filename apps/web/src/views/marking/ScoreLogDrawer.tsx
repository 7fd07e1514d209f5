import { DownloadOutlined } from '@ant-design/icons';
import { MARKING_BASE, PAGE_LIMIT_DEFAULT, type ScoreLogEntry } from '@kaoshi/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listScoreLog } from '../../api/marking';
import { downloadFile } from '../../api/transfer';
import { useTablePagination } from '../../components/list/pagination';
import { useTableLook } from '../../components/list/use-list-page';
import { localTime } from '../../components/exam/exam-format';
import { markingKeys, points } from '../../components/marking/marking-format';
import { useItemLabel, useMarkerName } from './marking-names';
import { ResponsiveDrawer } from '../../components/ResponsiveDrawer';
import { type MarkingDialogProps } from './marking-dialog';

const KINDS = ['mark', 'revise', 'final', 'arbitration', 'audit', 'key'] as const;
const KIND_COLORS: Record<string, string> = {
  final: 'green',
  arbitration: 'orange',
  audit: 'red',
  key: 'purple',
};

/**
 * Every score set or changed in the exam (docs/features/marking.md): who, when, old, new, reason; a marker
 * reads only their own. The export is the server's Excel of the whole record.
 */
export function ScoreLogDrawer({ open, view, onClose }: MarkingDialogProps) {
  const { t } = useTranslation();
  const itemLabel = useItemLabel(view.items);
  const userName = useMarkerName(view);
  const [query, setQuery] = useState({ page: 1, limit: PAGE_LIMIT_DEFAULT });
  const [exporting, setExporting] = useState(false);
  const log = useQuery({
    queryKey: markingKeys.log(view.examId, query),
    queryFn: () => listScoreLog({ examId: view.examId, ...query }),
    placeholderData: keepPreviousData,
  });
  const pagination = useTablePagination(query, log.data?.total, setQuery);
  const look = useTableLook(t('marking.log.empty'));

  const exportLog = async () => {
    setExporting(true);
    try {
      await downloadFile(
        `${MARKING_BASE}/exportScoreLog`,
        { examId: view.examId },
        t('marking.log.exportName'),
      );
    } catch {
      // downloadFile has shown the server's reason.
    } finally {
      setExporting(false);
    }
  };

  const kindLabel = (kind: string) =>
    (KINDS as readonly string[]).includes(kind)
      ? t(`marking.log.kinds.${kind as (typeof KINDS)[number]}`)
      : kind;

  const columns: TableColumnsType<ScoreLogEntry> = [
    {
      title: t('marking.log.at'),
      key: 'at',
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{localTime(row.createdAt)}</span>,
    },
    {
      title: t('marking.log.item'),
      key: 'item',
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{itemLabel(row.itemId)}</span>,
    },
    {
      title: t('marking.log.candidate'),
      key: 'candidate',
      render: (_, row) => row.anonCode ?? '—',
    },
    {
      title: t('marking.log.kind'),
      key: 'kind',
      render: (_, row) => (
        <Tag color={KIND_COLORS[row.kind]} style={{ marginInlineEnd: 0 }}>
          {kindLabel(row.kind)}
        </Tag>
      ),
    },
    {
      title: t('marking.log.old'),
      key: 'old',
      align: 'end',
      render: (_, row) => points(row.oldScore),
    },
    {
      title: t('marking.log.new'),
      key: 'new',
      align: 'end',
      render: (_, row) => points(row.newScore),
    },
    {
      title: t('marking.log.reason'),
      key: 'reason',
      render: (_, row) => <div style={{ minWidth: 120, maxWidth: 240 }}>{row.reason}</div>,
    },
    {
      title: t('marking.log.user'),
      key: 'user',
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{userName(row.userId)}</span>,
    },
  ];

  return (
    <ResponsiveDrawer
      open={open}
      title={t('marking.log.title')}
      width={900}
      wideFrom="lg"
      onClose={onClose}
      className="marking-log"
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={() => void exportLog()}
          className="marking-log-export"
        >
          {t('marking.log.export')}
        </Button>
      }
    >
      <Table<ScoreLogEntry>
        {...look}
        rowKey="id"
        columns={columns}
        dataSource={log.data?.list}
        loading={log.isFetching}
        pagination={pagination}
      />
    </ResponsiveDrawer>
  );
}
