import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type {
  SeatPlanImportMove,
  SeatPlanImportPreview,
  SeatPlanImportProblem,
} from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Flex,
  Grid,
  Modal,
  Table,
  Tooltip,
  Typography,
  Upload,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  exportSeatPlan,
  importSeatPlan,
  previewSeatPlanImport,
} from '../../api/seat-plan-transfer';
import { venueKeys } from './venue-keys';

/**
 * The seat plan as .xlsx: export, and import in two steps: the file is checked first (its
 * problems by row and column, or the moves it makes), then applied on confirmation.
 */
export function SeatPlanTransfer({
  examId,
  examName,
  locked,
}: {
  examId: number;
  examName: string;
  locked: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const [chosen, setChosen] = useState<{ file: File; preview: SeatPlanImportPreview }>();

  const check = useMutation({
    mutationFn: (file: File) => previewSeatPlanImport(examId, file),
    onSuccess: (preview, file) => setChosen({ file, preview }),
  });
  const apply = useMutation({
    mutationFn: (file: File) => importSeatPlan(examId, file),
    onSuccess: async (result) => {
      message.success(t('seatPlanTransfer.imported', { count: result.moved }));
      setChosen(undefined);
      await queryClient.invalidateQueries({ queryKey: venueKeys.plan(examId) });
    },
  });

  const download = async () => {
    setExporting(true);
    try {
      await exportSeatPlan(examId, `${examName}.xlsx`);
    } catch {
      // The request layer has shown why.
    } finally {
      setExporting(false);
    }
  };

  const chooser = (label: string, primary = false) => (
    <Upload
      accept=".xlsx"
      showUploadList={false}
      disabled={locked}
      beforeUpload={(file) => {
        check.mutate(file);
        return false;
      }}
    >
      <Tooltip title={locked ? t('seatPlanTransfer.locked') : t('seatPlanTransfer.importHelp')}>
        <Button
          icon={<UploadOutlined />}
          loading={check.isPending}
          disabled={locked}
          type={primary ? 'primary' : 'default'}
        >
          {label}
        </Button>
      </Tooltip>
    </Upload>
  );

  return (
    <>
      <Flex wrap gap={8} className="seat-plan-transfer">
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()}>
          {t('seatPlanTransfer.export')}
        </Button>
        {chooser(t('seatPlanTransfer.import'))}
      </Flex>
      <Modal
        open={chosen !== undefined}
        title={t('seatPlanTransfer.previewTitle')}
        width={760}
        onCancel={() => setChosen(undefined)}
        destroyOnHidden
        footer={
          chosen && (
            <Flex wrap gap={8} justify="flex-end">
              <Button onClick={() => setChosen(undefined)}>{t('common.cancel')}</Button>
              {chosen.preview.problems.length > 0 ? (
                chooser(t('seatPlanTransfer.chooseAgain'), true)
              ) : (
                <Button
                  type="primary"
                  loading={apply.isPending}
                  disabled={chosen.preview.moves.length === 0}
                  onClick={() => apply.mutate(chosen.file)}
                >
                  {t('seatPlanTransfer.confirm')}
                </Button>
              )}
            </Flex>
          )
        }
      >
        {chosen && <PreviewBody preview={chosen.preview} />}
      </Modal>
    </>
  );
}

function PreviewBody({ preview }: { preview: SeatPlanImportPreview }) {
  const { t } = useTranslation();
  const compact = !Grid.useBreakpoint().sm;
  const total = preview.problems.length + preview.moreProblems;
  if (total > 0) {
    const columns: TableColumnsType<SeatPlanImportProblem> = [
      {
        title: t('seatPlanTransfer.cell'),
        key: 'cell',
        width: compact ? 64 : 140,
        render: (_, row) =>
          compact ? `${row.column}${row.row}` : `${row.column}${row.row} · ${row.header}`,
      },
      { title: t('seatPlanTransfer.problem'), dataIndex: 'message' },
    ];
    return (
      <Flex vertical gap={12} className="seat-plan-import-problems">
        <Alert type="error" showIcon title={t('seatPlanTransfer.problems', { count: total })} />
        <Table<SeatPlanImportProblem>
          rowKey={(row) => `${row.row}-${row.column}-${row.message}`}
          size="small"
          pagination={preview.problems.length > 50 ? { pageSize: 50 } : false}
          columns={columns}
          dataSource={preview.problems}
        />
        {preview.moreProblems > 0 && (
          <Typography.Text type="secondary">
            {t('seatPlanTransfer.moreProblems', { count: preview.moreProblems })}
          </Typography.Text>
        )}
      </Flex>
    );
  }
  const place = (value: string | null) => value ?? t('seatPlanTransfer.noRoom');
  const columns: TableColumnsType<SeatPlanImportMove> = [
    {
      title: t('seatPlanTransfer.name'),
      key: 'name',
      render: (_, row) => (
        <Flex vertical>
          <span>{row.name}</span>
          <Typography.Text type="secondary">{row.ticketNumber}</Typography.Text>
        </Flex>
      ),
    },
    ...(compact
      ? [
          {
            title: t('seatPlanTransfer.to'),
            key: 'move',
            render: (_: unknown, row: SeatPlanImportMove) => (
              <Flex vertical>
                <Typography.Text type="secondary" delete>
                  {place(row.from)}
                </Typography.Text>
                <span>{place(row.to)}</span>
              </Flex>
            ),
          },
        ]
      : [
          {
            title: t('seatPlanTransfer.from'),
            key: 'from',
            render: (_: unknown, row: SeatPlanImportMove) => place(row.from),
          },
          {
            title: t('seatPlanTransfer.to'),
            key: 'to',
            render: (_: unknown, row: SeatPlanImportMove) => place(row.to),
          },
        ]),
  ];
  return (
    <Flex vertical gap={12} className="seat-plan-import-moves">
      <Alert
        type={preview.moves.length > 0 ? 'info' : 'warning'}
        showIcon
        title={
          preview.moves.length > 0
            ? t('seatPlanTransfer.summary', {
                rows: preview.rows,
                moved: preview.moves.length,
                unchanged: preview.unchanged,
                notInFile: preview.notInFile,
              })
            : t('seatPlanTransfer.noMoves')
        }
      />
      {preview.moves.length > 0 && (
        <Table<SeatPlanImportMove>
          rowKey="ticketNumber"
          size="small"
          pagination={preview.moves.length > 50 ? { pageSize: 50 } : false}
          columns={columns}
          dataSource={preview.moves}
        />
      )}
    </Flex>
  );
}
