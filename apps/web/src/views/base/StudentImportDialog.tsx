import { DownloadOutlined, FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import {
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_HEADERS,
  STUDENT_IMPORT_MAX_BYTES,
  type StudentImportColumn,
  type StudentImportMode,
  type StudentImportPreview,
  type StudentImportPreviewRow,
  type StudentImportResult,
} from '@kaoshi/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  Flex,
  Grid,
  Modal,
  Progress,
  Radio,
  Result,
  Row,
  Space,
  Statistic,
  Steps,
  Switch,
  Table,
  Tag,
  Typography,
  Upload,
  theme,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyStudentImport,
  downloadStudentTemplate,
  previewStudentImport,
  type StudentImportProgress,
} from '../../api/student-import';
import { currentLanguage } from '../../i18n';
import { succeeded } from '../../utils/succeeded';
import { baseKeys } from './queries';
import { fileProblem, formatMegabytes, importPercent, previewRows } from './import-helpers';

type Step = 'file' | 'preview' | 'mode' | 'progress' | 'result';
const STEPS: readonly Step[] = ['file', 'preview', 'mode', 'progress', 'result'];

/** The columns the preview table shows, beside the row number, action and problems. */
const SHOWN_COLUMNS: readonly StudentImportColumn[] = STUDENT_IMPORT_COLUMNS;

interface StudentImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Importing students from an .xlsx file: choose the file (with the template at hand), check it
 * (every row with its action or its errors), choose what to do with bad rows, watch the rows being
 * written, see the result. Nothing is written before the last choice.
 */
export function StudentImportDialog({ open, onClose }: StudentImportDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<File>();
  const [checking, setChecking] = useState(false);
  const [preview, setPreview] = useState<StudentImportPreview>();
  const [onlyBad, setOnlyBad] = useState(false);
  const [mode, setMode] = useState<StudentImportMode>('skipInvalid');
  const [progress, setProgress] = useState<StudentImportProgress>();
  const [percent, setPercent] = useState(0);
  const [result, setResult] = useState<StudentImportResult>();
  const [failed, setFailed] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const maxSize = formatMegabytes(STUDENT_IMPORT_MAX_BYTES);
  // The template's own headers in the language it is downloaded in: the preview reads like the file.
  const headers = STUDENT_IMPORT_HEADERS[currentLanguage()];

  const chooseFile = (chosen: File) => {
    const problem = fileProblem(chosen, STUDENT_IMPORT_MAX_BYTES);
    if (problem === 'wrongType') message.error(t('base.import.wrongType'));
    else if (problem === 'tooLarge') {
      message.error(
        t('base.import.tooLarge', { size: formatMegabytes(chosen.size), max: maxSize }),
      );
    } else {
      setFile(chosen);
      setPreview(undefined);
    }
    // Never uploaded by the component itself: the file is sent by the calls below.
    return Upload.LIST_IGNORE;
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await succeeded(downloadStudentTemplate(currentLanguage()));
    } finally {
      setDownloading(false);
    }
  };

  const check = async () => {
    if (!file) return;
    setChecking(true);
    try {
      const answer = await previewStudentImport(file);
      setPreview(answer);
      setOnlyBad(answer.invalid > 0);
      setMode(answer.valid > 0 ? 'skipInvalid' : 'allOrNothing');
      setStep('preview');
    } catch {
      // The request layer has shown why.
    } finally {
      setChecking(false);
    }
  };

  const start = async () => {
    if (!file) return;
    setStep('progress');
    setFailed(false);
    setProgress(undefined);
    setPercent(0);
    try {
      const answer = await applyStudentImport(file, mode, (next) => {
        setProgress(next);
        setPercent((before) => importPercent(next, before));
      });
      setResult(answer);
      setPercent(100);
      setStep('result');
      void queryClient.invalidateQueries({ queryKey: baseKeys.students });
    } catch {
      // One transaction on the server: a failed import wrote nothing. The message is shown.
      setFailed(true);
      setStep('mode');
    }
  };

  const restart = () => {
    setStep('file');
    setFile(undefined);
    setPreview(undefined);
    setResult(undefined);
    setFailed(false);
  };

  const errorText = (row: StudentImportPreviewRow) =>
    row.errors.map((error) => ({
      key: `${error.column}-${error.code}`,
      text: `${headers[error.column]}: ${t(`base.import.errors.${error.code}`)}`,
    }));

  const columns: TableColumnsType<StudentImportPreviewRow> = [
    { title: t('base.import.row'), dataIndex: 'row', width: 64, fixed: 'left' },
    {
      title: t('base.import.action'),
      key: 'action',
      width: 90,
      render: (_, row) =>
        row.action === 'create' ? (
          <Tag color="success">{t('base.import.actions.create')}</Tag>
        ) : row.action === 'update' ? (
          <Tag color="processing">{t('base.import.actions.update')}</Tag>
        ) : (
          <Tag color="error">{t('base.import.actions.none')}</Tag>
        ),
    },
    {
      title: t('base.import.problems'),
      key: 'problems',
      width: 260,
      render: (_, row) =>
        row.errors.length === 0 ? null : (
          <Flex vertical gap={2} className="import-row-errors">
            {errorText(row).map((error) => (
              <Typography.Text key={error.key} type="danger" style={{ fontSize: 12 }}>
                {error.text}
              </Typography.Text>
            ))}
          </Flex>
        ),
    },
    ...SHOWN_COLUMNS.map((column) => ({
      title: headers[column],
      key: column,
      render: (_: unknown, row: StudentImportPreviewRow) => {
        const bad = row.errors.some((error) => error.column === column);
        const value = row.values[column];
        return bad ? (
          <Typography.Text type="danger" strong>
            {value === '' ? '∅' : value}
          </Typography.Text>
        ) : (
          value
        );
      },
    })),
  ];

  const stepIndex = STEPS.indexOf(step);
  const counts =
    preview &&
    ([
      { key: 'total', value: preview.total, color: undefined },
      { key: 'valid', value: preview.valid, color: token.colorSuccess },
      {
        key: 'invalid',
        value: preview.invalid,
        color: preview.invalid > 0 ? token.colorError : undefined,
      },
      { key: 'creates', value: preview.creates, color: undefined },
      { key: 'updates', value: preview.updates, color: undefined },
    ] as const);

  const footer = () => {
    const cancel = (
      <Button key="cancel" onClick={onClose}>
        {t('common.cancel')}
      </Button>
    );
    switch (step) {
      case 'file':
        return [
          cancel,
          <Button
            key="check"
            type="primary"
            disabled={!file}
            loading={checking}
            onClick={() => void check()}
          >
            {t('base.import.check')}
          </Button>,
        ];
      case 'preview':
        return [
          <Button key="back" onClick={() => setStep('file')}>
            {t('base.import.back')}
          </Button>,
          <Button
            key="next"
            type="primary"
            disabled={!preview || preview.total === 0}
            onClick={() => setStep('mode')}
          >
            {t('base.import.next')}
          </Button>,
        ];
      case 'mode': {
        const blocked =
          !preview || preview.valid === 0 || (mode === 'allOrNothing' && preview.invalid > 0);
        return [
          <Button key="back" onClick={() => setStep('preview')}>
            {t('base.import.back')}
          </Button>,
          <Button key="start" type="primary" disabled={blocked} onClick={() => void start()}>
            {t('base.import.start')}
          </Button>,
        ];
      }
      case 'progress':
        return null;
      case 'result':
        return [
          <Button key="again" onClick={restart}>
            {t('base.import.again')}
          </Button>,
          <Button key="close" type="primary" onClick={onClose}>
            {t('base.import.close')}
          </Button>,
        ];
    }
  };

  return (
    <Modal
      open={open}
      title={t('base.import.title')}
      width={{ xs: '100%', sm: 640, lg: 960 }}
      footer={footer()}
      onCancel={onClose}
      closable={step !== 'progress'}
      mask={{ closable: false }}
      keyboard={step !== 'progress'}
      destroyOnHidden
    >
      <Steps
        current={stepIndex}
        size="small"
        // A phone keeps the steps in one line, naming only the current one.
        responsive={false}
        style={{ marginBottom: 20 }}
        items={STEPS.map((key) => ({
          title: screens.sm || key === step ? t(`base.import.steps.${key}`) : undefined,
          status: key === 'mode' && failed ? 'error' : undefined,
        }))}
      />

      {step === 'file' && (
        <Flex vertical gap={16} className="import-step-file">
          <Alert
            type="info"
            showIcon
            title={t('base.import.templateHelp')}
            action={
              <Button
                size="small"
                icon={<DownloadOutlined />}
                loading={downloading}
                onClick={() => void downloadTemplate()}
              >
                {t('base.import.template')}
              </Button>
            }
          />
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            showUploadList={false}
            beforeUpload={chooseFile}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('base.import.drop')}</p>
            <p className="ant-upload-hint">{t('base.import.limit', { size: maxSize })}</p>
          </Upload.Dragger>
          {file && (
            <Space className="import-chosen-file">
              <FileExcelOutlined style={{ color: token.colorSuccess }} />
              <Typography.Text strong>{file.name}</Typography.Text>
              <Typography.Text type="secondary">{formatMegabytes(file.size)}</Typography.Text>
            </Space>
          )}
        </Flex>
      )}

      {step === 'preview' && preview && counts && (
        <Flex vertical gap={12} className="import-step-preview">
          <Row gutter={[12, 12]}>
            {counts.map((count) => (
              <Col key={count.key} xs={8} sm={4} style={{ flex: screens.sm ? 1 : undefined }}>
                <Statistic
                  title={t(`base.import.counts.${count.key}`)}
                  value={count.value}
                  styles={{ content: { color: count.color } }}
                  className={`import-count-${count.key}`}
                />
              </Col>
            ))}
          </Row>
          {preview.total === 0 ? (
            <Alert type="warning" showIcon title={t('base.import.noRows')} />
          ) : preview.invalid === 0 ? (
            <Alert type="success" showIcon title={t('base.import.allValid')} />
          ) : (
            <Space>
              <Switch checked={onlyBad} onChange={setOnlyBad} id="import-only-bad" />
              <label htmlFor="import-only-bad">{t('base.import.onlyBad')}</label>
            </Space>
          )}
          <Table<StudentImportPreviewRow>
            rowKey="row"
            size="small"
            columns={columns}
            dataSource={previewRows(preview.rows, onlyBad)}
            scroll={{ x: 'max-content', y: 360 }}
            pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
            rowClassName={(row) => (row.errors.length > 0 ? 'import-row-invalid' : '')}
            onRow={(row) =>
              row.errors.length > 0 ? { style: { background: token.colorErrorBg } } : {}
            }
            locale={{ emptyText: t('common.noData') }}
          />
        </Flex>
      )}

      {step === 'mode' && preview && (
        <Flex vertical gap={16} className="import-step-mode">
          {failed && <Alert type="error" showIcon title={t('base.import.failed')} />}
          <Typography.Text strong>{t('base.import.modeTitle')}</Typography.Text>
          <Radio.Group
            value={mode}
            onChange={(event) => setMode(event.target.value as StudentImportMode)}
            style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
            options={[
              {
                value: 'skipInvalid',
                label: t('base.import.modes.skipInvalid', { count: preview.valid }),
                disabled: preview.valid === 0,
              },
              { value: 'allOrNothing', label: t('base.import.modes.allOrNothing') },
            ]}
          />
          {preview.valid === 0 ? (
            <Alert type="warning" showIcon title={t('base.import.modeBlocked')} />
          ) : (
            mode === 'allOrNothing' &&
            preview.invalid > 0 && (
              <Alert type="warning" showIcon title={t('base.import.allOrNothingBlocked')} />
            )
          )}
        </Flex>
      )}

      {step === 'progress' && (
        <Flex
          vertical
          gap={12}
          align="center"
          className="import-step-progress"
          data-percent={percent}
        >
          <Progress type="circle" percent={percent} />
          <Typography.Text>
            {progress?.phase === 'write'
              ? t('base.import.writing', { done: progress.done, total: progress.total })
              : t('base.import.uploading')}
          </Typography.Text>
        </Flex>
      )}

      {step === 'result' && result && (
        <Result
          status="success"
          title={t('base.import.done')}
          subTitle={t('base.import.resultText', { ...result })}
          className="import-step-result"
        />
      )}
    </Modal>
  );
}
