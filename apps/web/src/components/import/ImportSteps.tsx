import { formatFileSize } from '@kaoshi/shared';
import { DownloadOutlined, FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Col,
  Flex,
  Progress,
  Radio,
  Result,
  Row,
  Space,
  Statistic,
  Switch,
  Table,
  Typography,
  Upload,
  theme,
  type ColProps,
  type TableColumnsType,
  type UploadProps,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../api/transfer';
import type { ImportMode, ImportTexts } from './import-texts';
import { skippedRowsWorkbook, type SkippedSheet } from './skipped-rows';
import type { ImportRun } from './use-import-run';

interface ImportExcelFileProps {
  texts: ImportTexts;
  file: File | undefined;
  /** The upload limit for people, e.g. "5 MB". */
  maxSize: string;
  onDownloadTemplate: () => Promise<unknown>;
  beforeUpload: UploadProps['beforeUpload'];
}

/** Choosing an .xlsx file, with the template to fill at hand. */
export function ImportExcelFile({
  texts,
  file,
  maxSize,
  onDownloadTemplate,
  beforeUpload,
}: ImportExcelFileProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [downloading, setDownloading] = useState(false);

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await onDownloadTemplate();
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <Alert
        type="info"
        showIcon
        title={t(`${texts}.templateHelp`)}
        action={
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={downloading}
            onClick={() => void downloadTemplate()}
          >
            {t(`${texts}.template`)}
          </Button>
        }
      />
      <Upload.Dragger
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        multiple={false}
        showUploadList={false}
        beforeUpload={beforeUpload}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t(`${texts}.drop`)}</p>
        <p className="ant-upload-hint">{t(`${texts}.limit`, { size: maxSize })}</p>
      </Upload.Dragger>
      {file && (
        <Space className="import-chosen-file">
          <FileExcelOutlined style={{ color: token.colorSuccess }} />
          <Typography.Text strong>{file.name}</Typography.Text>
          <Typography.Text type="secondary">{formatFileSize(file.size)}</Typography.Text>
        </Space>
      )}
    </>
  );
}

interface ImportPreviewStepProps<Row extends { row: number }> {
  texts: ImportTexts;
  run: ImportRun;
  /** The figures above the table; 'valid' and 'invalid' are coloured. */
  counts: readonly { key: string; title: string; value: number }[];
  /** Each count's column: how the counts share a line. */
  countCol: ColProps;
  rows: readonly Row[];
  columns: TableColumnsType<Row>;
  isBad: (row: Row) => boolean;
  /** The "only bad rows" switch's id, unique on the page. */
  onlyBadId: string;
}

/** What the check found: the counts, then every row, bad ones marked (or only those). */
export function ImportPreviewStep<Row extends { row: number }>({
  texts,
  run,
  counts,
  countCol,
  rows,
  columns,
  isBad,
  onlyBadId,
}: ImportPreviewStepProps<Row>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { preview, onlyBad } = run;
  if (!preview) return null;
  const color = (key: string) =>
    key === 'valid'
      ? token.colorSuccess
      : key === 'invalid' && preview.invalid > 0
        ? token.colorError
        : undefined;

  return (
    <Flex vertical gap={12} className="import-step-preview">
      <Row gutter={[12, 12]}>
        {counts.map((count) => (
          <Col key={count.key} {...countCol}>
            <Statistic
              title={count.title}
              value={count.value}
              styles={{ content: { color: color(count.key) } }}
              className={`import-count-${count.key}`}
            />
          </Col>
        ))}
      </Row>
      {preview.total === 0 ? (
        <Alert type="warning" showIcon title={t(`${texts}.noRows`)} />
      ) : preview.invalid === 0 ? (
        <Alert type="success" showIcon title={t(`${texts}.allValid`)} />
      ) : (
        <Space>
          <Switch checked={onlyBad} onChange={run.setOnlyBad} id={onlyBadId} />
          <label htmlFor={onlyBadId}>{t(`${texts}.onlyBad`)}</label>
        </Space>
      )}
      <Table<Row>
        rowKey="row"
        size="small"
        columns={columns}
        dataSource={onlyBad ? rows.filter(isBad) : rows}
        scroll={{ x: 'max-content', y: 360 }}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        rowClassName={(row) => (isBad(row) ? 'import-row-invalid' : '')}
        onRow={(row) => (isBad(row) ? { style: { background: token.colorErrorBg } } : {})}
        locale={{ emptyText: t('common.noData') }}
      />
    </Flex>
  );
}

/** What to do with bad rows; after a failed import, why nothing was written. */
export function ImportModeStep({ texts, run }: { texts: ImportTexts; run: ImportRun }) {
  const { t } = useTranslation();
  const { preview, mode } = run;
  if (!preview) return null;
  return (
    <Flex vertical gap={16} className="import-step-mode">
      {run.failed && <Alert type="error" showIcon title={t(`${texts}.failed`)} />}
      <Typography.Text strong>{t(`${texts}.modeTitle`)}</Typography.Text>
      <Radio.Group
        value={mode}
        onChange={(event) => run.setMode(event.target.value as ImportMode)}
        style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
        options={[
          {
            value: 'skipInvalid',
            label: t(`${texts}.modes.skipInvalid`, { count: preview.valid }),
            disabled: preview.valid === 0,
          },
          { value: 'allOrNothing', label: t(`${texts}.modes.allOrNothing`) },
        ]}
      />
      {preview.valid === 0 ? (
        <Alert type="warning" showIcon title={t(`${texts}.modeBlocked`)} />
      ) : (
        mode === 'allOrNothing' &&
        preview.invalid > 0 && (
          <Alert type="warning" showIcon title={t(`${texts}.allOrNothingBlocked`)} />
        )
      )}
    </Flex>
  );
}

/** One bar for the upload, the check and the writing. */
export function ImportProgressStep({ texts, run }: { texts: ImportTexts; run: ImportRun }) {
  const { t } = useTranslation();
  const { progress, percent } = run;
  return (
    <Flex vertical gap={12} align="center" className="import-step-progress" data-percent={percent}>
      <Progress type="circle" percent={percent} />
      <Typography.Text>
        {progress?.phase === 'write'
          ? t(`${texts}.writing`, { done: progress.done, total: progress.total })
          : progress?.phase === 'check'
            ? t(`${texts}.checking`)
            : t(`${texts}.uploading`)}
      </Typography.Text>
    </Flex>
  );
}

interface ImportResultStepProps {
  texts: ImportTexts;
  /** How many rows were written of each kind. */
  subTitle: string;
  /** The rows left out and why, to download when there are any. */
  skipped?: SkippedSheet;
}

/** What was written, and the rows left out with their reasons as a workbook to fix and import again. */
export function ImportResultStep({ texts, subTitle, skipped }: ImportResultStepProps) {
  const { t } = useTranslation();
  const download = () => {
    const sheetName = t(`${texts}.skippedSheet`);
    saveBlob(skippedRowsWorkbook(skipped!, sheetName), `${sheetName}.xlsx`);
  };
  return (
    <Result
      status="success"
      title={t(`${texts}.done`)}
      subTitle={subTitle}
      className="import-step-result"
      extra={
        skipped && skipped.rows.length > 0 ? (
          <Button
            icon={<DownloadOutlined />}
            onClick={download}
            className="import-skipped-download"
          >
            {t(`${texts}.downloadSkipped`, { count: skipped.rows.length })}
          </Button>
        ) : undefined
      }
    />
  );
}
