import {
  DownloadOutlined,
  FileExcelOutlined,
  FileTextOutlined,
  InboxOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  QUESTION_IMPORT_MAX_BYTES,
  type CertLevel,
  type QuestionImportMode,
  type QuestionImportPreview,
  type QuestionImportPreviewRow,
  type QuestionImportResult,
  type QuestionTextImportFields,
} from '@kaoshi/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  Collapse,
  Flex,
  Form,
  Grid,
  Input,
  Modal,
  Progress,
  Radio,
  Result,
  Row,
  Segmented,
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
  applyQuestionImport,
  downloadQuestionTemplate,
  previewQuestionImport,
  type QuestionImportSource,
} from '../../api/question';
import type { ImportProgress } from '../../api/transfer';
import { LevelSelect, cascadeReset } from '../../components/structure';
import { currentLanguage } from '../../i18n';
import { succeeded } from '../../utils/succeeded';
import { useCodeLabel } from '../../utils/use-code-label';
import { formatMegabytes, importPercent } from '../base/import-helpers';
import { AnyJobTypeSelect } from './AnyJobTypeSelect';
import { CourseSelect } from './CourseSelect';
import { PointSelect } from './PointSelect';
import { useProblemText } from './problem-text';
import { questionKeys, useAllJobTypes } from './queries';
import type { QuestionPlacement } from './question-form';

type Step = 'file' | 'preview' | 'mode' | 'progress' | 'result';
const STEPS: readonly Step[] = ['file', 'preview', 'mode', 'progress', 'result'];
type Source = 'excel' | 'text';
const TARGET_CHAIN = ['subjectId', 'level', 'courseId', 'pointId'] as const;

interface TargetValues {
  subjectId?: number;
  level?: CertLevel;
  courseId?: number;
  pointId?: number;
}

/** Whether a chosen file may be sent: the kind the source takes, of at most the upload limit. */
function fileProblem(file: File, source: Source): 'wrongType' | 'tooLarge' | undefined {
  const pattern = source === 'excel' ? /\.xlsx$/i : /\.txt$/i;
  if (!pattern.test(file.name)) return 'wrongType';
  if (file.size > QUESTION_IMPORT_MAX_BYTES) return 'tooLarge';
  return undefined;
}

interface QuestionImportDialogProps {
  open: boolean;
  /** The list's filter: where plain-text questions go unless changed. */
  placement?: QuestionPlacement;
  onClose: () => void;
}

/**
 * Importing questions from the Excel template, or from plain text typed by hand (pasted or a .txt
 * file) placed under the job type, level, course and point chosen here: check every question, say
 * what to do with bad ones, watch the writing, see the result. Nothing is written before that.
 */
export function QuestionImportDialog({ open, placement, onClose }: QuestionImportDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const queryClient = useQueryClient();
  const codeLabel = useCodeLabel();
  const problemText = useProblemText();
  const [targetForm] = Form.useForm<TargetValues>();
  const subjectId = Form.useWatch('subjectId', targetForm);
  const level = Form.useWatch('level', targetForm);
  const courseId = Form.useWatch('courseId', targetForm);
  const jobTypes = useAllJobTypes();
  const levels = jobTypes.data?.find((jobType) => jobType.id === subjectId)?.levels;
  const [step, setStep] = useState<Step>('file');
  const [source, setSource] = useState<Source>('excel');
  const [file, setFile] = useState<File>();
  const [text, setText] = useState('');
  const [checking, setChecking] = useState(false);
  const [sent, setSent] = useState<QuestionImportSource>();
  const [preview, setPreview] = useState<QuestionImportPreview>();
  const [onlyBad, setOnlyBad] = useState(false);
  const [mode, setMode] = useState<QuestionImportMode>('skipInvalid');
  const [progress, setProgress] = useState<ImportProgress>();
  const [percent, setPercent] = useState(0);
  const [result, setResult] = useState<QuestionImportResult>();
  const [failed, setFailed] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const maxSize = formatMegabytes(QUESTION_IMPORT_MAX_BYTES);

  const refuse = (chosen: File, problem: 'wrongType' | 'tooLarge') => {
    if (problem === 'wrongType') {
      message.error(
        t(source === 'excel' ? 'question.import.wrongExcel' : 'question.import.wrongText'),
      );
    } else {
      message.error(
        t('question.import.tooLarge', { size: formatMegabytes(chosen.size), max: maxSize }),
      );
    }
  };

  const chooseExcel = (chosen: File) => {
    const problem = fileProblem(chosen, 'excel');
    if (problem) refuse(chosen, problem);
    else setFile(chosen);
    // Never uploaded by the component itself: the file is sent by the calls below.
    return Upload.LIST_IGNORE;
  };

  const chooseText = (chosen: File) => {
    const problem = fileProblem(chosen, 'text');
    if (problem) refuse(chosen, problem);
    else void chosen.text().then(setText);
    return Upload.LIST_IGNORE;
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await succeeded(downloadQuestionTemplate(currentLanguage()));
    } finally {
      setDownloading(false);
    }
  };

  /** What the check and the import send: the Excel file, or the text as a .txt with its target. */
  const currentSource = async (): Promise<QuestionImportSource | undefined> => {
    if (source === 'excel') return file ? { file } : undefined;
    let values: TargetValues;
    try {
      values = await targetForm.validateFields();
    } catch {
      return undefined;
    }
    const target: QuestionTextImportFields = {
      subjectId: values.subjectId!,
      level: values.level!,
      courseId: values.courseId!,
      pointId: values.pointId ?? null,
    };
    const blob = new File([text], 'questions.txt', { type: 'text/plain' });
    if (blob.size > QUESTION_IMPORT_MAX_BYTES) {
      refuse(blob, 'tooLarge');
      return undefined;
    }
    return { file: blob, target };
  };

  const check = async () => {
    const chosen = await currentSource();
    if (!chosen) return;
    setChecking(true);
    try {
      const answer = await previewQuestionImport(chosen);
      setSent(chosen);
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
    if (!sent) return;
    setStep('progress');
    setFailed(false);
    setProgress(undefined);
    setPercent(0);
    try {
      const answer = await applyQuestionImport(sent, mode, (next) => {
        setProgress(next);
        setPercent((before) => importPercent(next, before));
      });
      setResult(answer);
      setPercent(100);
      setStep('result');
      void queryClient.invalidateQueries({ queryKey: questionKeys.all });
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

  const columns: TableColumnsType<QuestionImportPreviewRow> = [
    {
      title: t(source === 'excel' ? 'question.import.row' : 'question.import.number'),
      dataIndex: 'row',
      width: 64,
      fixed: 'left',
    },
    {
      title: t('question.fields.type'),
      key: 'type',
      width: 100,
      render: (_, row) =>
        row.question.type === null ? (
          <Tag color="error">?</Tag>
        ) : (
          <Tag color="blue">{codeLabel('questionType', row.question.type)}</Tag>
        ),
    },
    {
      title: t('question.import.problems'),
      key: 'problems',
      width: 260,
      render: (_, row) =>
        row.problems.length === 0 ? (
          <Tag color="success">{t('question.import.ok')}</Tag>
        ) : (
          <Flex vertical gap={2} className="import-row-errors">
            {row.problems.map((problem) => (
              <Typography.Text
                key={`${problem.field}-${problem.code}`}
                type="danger"
                style={{ fontSize: 12 }}
              >
                {problemText(problem, row.question.type ?? undefined)}
              </Typography.Text>
            ))}
          </Flex>
        ),
    },
    {
      title: t('question.fields.content'),
      key: 'stem',
      render: (_, row) => (
        <Typography.Text
          style={{ display: 'block', maxWidth: 360 }}
          ellipsis={{ tooltip: row.question.stem }}
        >
          {row.question.stem}
        </Typography.Text>
      ),
    },
    {
      title: t('question.fields.answer'),
      key: 'answer',
      render: (_, row) => (
        <Typography.Text
          style={{ display: 'block', maxWidth: 200 }}
          ellipsis={{ tooltip: row.question.answer }}
        >
          {row.question.answer}
        </Typography.Text>
      ),
    },
    {
      title: t('question.fields.score'),
      key: 'score',
      render: (_, row) => row.question.score ?? '',
    },
  ];

  const stepIndex = STEPS.indexOf(step);
  const ready = source === 'excel' ? file !== undefined : text.trim() !== '';

  const footer = () => {
    switch (step) {
      case 'file':
        return [
          <Button key="cancel" onClick={onClose}>
            {t('common.cancel')}
          </Button>,
          <Button
            key="check"
            type="primary"
            disabled={!ready}
            loading={checking}
            onClick={() => void check()}
          >
            {t('question.import.check')}
          </Button>,
        ];
      case 'preview':
        return [
          <Button key="back" onClick={() => setStep('file')}>
            {t('question.import.back')}
          </Button>,
          <Button
            key="next"
            type="primary"
            disabled={!preview || preview.total === 0}
            onClick={() => setStep('mode')}
          >
            {t('question.import.next')}
          </Button>,
        ];
      case 'mode': {
        const blocked =
          !preview || preview.valid === 0 || (mode === 'allOrNothing' && preview.invalid > 0);
        return [
          <Button key="back" onClick={() => setStep('preview')}>
            {t('question.import.back')}
          </Button>,
          <Button key="start" type="primary" disabled={blocked} onClick={() => void start()}>
            {t('question.import.start')}
          </Button>,
        ];
      }
      case 'progress':
        return null;
      case 'result':
        return [
          <Button key="again" onClick={restart}>
            {t('question.import.again')}
          </Button>,
          <Button key="close" type="primary" onClick={onClose}>
            {t('question.import.close')}
          </Button>,
        ];
    }
  };

  const half = { xs: 24, sm: 12 };

  return (
    <Modal
      open={open}
      title={t('question.import.title')}
      width={{ xs: '100%', sm: 640, lg: 960 }}
      footer={footer()}
      onCancel={onClose}
      closable={step !== 'progress'}
      mask={{ closable: false }}
      keyboard={step !== 'progress'}
      destroyOnHidden
      className="question-import-dialog"
    >
      <Steps
        current={stepIndex}
        size="small"
        responsive={false}
        style={{ marginBottom: 20 }}
        items={STEPS.map((key) => ({
          title: screens.sm || key === step ? t(`question.import.steps.${key}`) : undefined,
          status: key === 'mode' && failed ? 'error' : undefined,
        }))}
      />

      {step === 'file' && (
        <Flex vertical gap={16} className="import-step-file">
          <Segmented<Source>
            block
            value={source}
            onChange={setSource}
            options={[
              { value: 'excel', label: t('question.import.excel'), icon: <FileExcelOutlined /> },
              { value: 'text', label: t('question.import.text'), icon: <FileTextOutlined /> },
            ]}
          />
          {source === 'excel' ? (
            <>
              <Alert
                type="info"
                showIcon
                title={t('question.import.templateHelp')}
                action={
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    loading={downloading}
                    onClick={() => void downloadTemplate()}
                  >
                    {t('question.import.template')}
                  </Button>
                }
              />
              <Upload.Dragger
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                multiple={false}
                showUploadList={false}
                beforeUpload={chooseExcel}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">{t('question.import.drop')}</p>
                <p className="ant-upload-hint">{t('question.import.limit', { size: maxSize })}</p>
              </Upload.Dragger>
              {file && (
                <Space className="import-chosen-file">
                  <FileExcelOutlined style={{ color: token.colorSuccess }} />
                  <Typography.Text strong>{file.name}</Typography.Text>
                  <Typography.Text type="secondary">{formatMegabytes(file.size)}</Typography.Text>
                </Space>
              )}
            </>
          ) : (
            <>
              <Form<TargetValues>
                form={targetForm}
                name="questionImportTarget"
                layout="vertical"
                initialValues={placement}
                onValuesChange={(changed) =>
                  targetForm.setFieldsValue(cascadeReset(TARGET_CHAIN, changed))
                }
              >
                <Typography.Paragraph type="secondary">
                  {t('question.import.targetHelp')}
                </Typography.Paragraph>
                <Row gutter={16}>
                  <Col {...half}>
                    <Form.Item
                      name="subjectId"
                      label={t('question.fields.jobType')}
                      rules={[
                        {
                          required: true,
                          message: t('question.rules.choose', {
                            field: t('question.fields.jobType'),
                          }),
                        },
                      ]}
                    >
                      <AnyJobTypeSelect
                        activeOnly
                        onChange={(value, jobType) =>
                          targetForm.setFieldsValue({
                            subjectId: value,
                            ...cascadeReset(TARGET_CHAIN, { subjectId: value }),
                            ...(jobType?.levels.length === 1 && { level: jobType.levels[0] }),
                          })
                        }
                      />
                    </Form.Item>
                  </Col>
                  <Col {...half}>
                    <Form.Item
                      name="level"
                      label={t('question.fields.level')}
                      rules={[
                        {
                          required: true,
                          message: t('question.rules.choose', {
                            field: t('question.fields.level'),
                          }),
                        },
                      ]}
                    >
                      <LevelSelect
                        levels={levels}
                        waitingFor={
                          subjectId === undefined ? t('school.select.jobTypeFirst') : undefined
                        }
                      />
                    </Form.Item>
                  </Col>
                  <Col {...half}>
                    <Form.Item
                      name="courseId"
                      label={t('question.fields.course')}
                      rules={[
                        {
                          required: true,
                          message: t('question.rules.choose', {
                            field: t('question.fields.course'),
                          }),
                        },
                      ]}
                    >
                      <CourseSelect subjectId={subjectId} level={level} />
                    </Form.Item>
                  </Col>
                  <Col {...half}>
                    <Form.Item name="pointId" label={t('question.fields.point')}>
                      <PointSelect subjectId={subjectId} level={level} courseId={courseId} />
                    </Form.Item>
                  </Col>
                </Row>
              </Form>
              <Flex justify="space-between" align="center" wrap gap={8}>
                <Typography.Text strong>{t('question.import.pasteLabel')}</Typography.Text>
                <Upload accept=".txt,text/plain" showUploadList={false} beforeUpload={chooseText}>
                  <Button size="small" icon={<UploadOutlined />}>
                    {t('question.import.openText')}
                  </Button>
                </Upload>
              </Flex>
              <Input.TextArea
                value={text}
                onChange={(event) => setText(event.target.value)}
                autoSize={{ minRows: 8, maxRows: 16 }}
                aria-label={t('question.import.pasteLabel')}
                placeholder={t('question.import.pastePlaceholder')}
                className="question-import-text"
                style={{ fontFamily: 'monospace' }}
              />
              <Collapse
                size="small"
                defaultActiveKey={screens.md ? ['format'] : []}
                items={[
                  {
                    key: 'format',
                    label: t('question.import.formatTitle'),
                    children: (
                      <Flex vertical gap={8} className="question-import-format">
                        <Typography.Text type="secondary">
                          {t('question.import.formatRules')}
                        </Typography.Text>
                        <pre
                          style={{
                            margin: 0,
                            padding: 12,
                            whiteSpace: 'pre-wrap',
                            background: token.colorFillQuaternary,
                            borderRadius: token.borderRadius,
                            fontSize: 13,
                          }}
                        >
                          {t('question.import.formatExample')}
                        </pre>
                        <Button
                          size="small"
                          style={{ alignSelf: 'flex-start' }}
                          onClick={() => setText(t('question.import.formatExample'))}
                        >
                          {t('question.import.useExample')}
                        </Button>
                      </Flex>
                    ),
                  },
                ]}
              />
            </>
          )}
        </Flex>
      )}

      {step === 'preview' && preview && (
        <Flex vertical gap={12} className="import-step-preview">
          <Row gutter={[12, 12]}>
            {(
              [
                { key: 'total', value: preview.total, color: undefined },
                { key: 'valid', value: preview.valid, color: token.colorSuccess },
                {
                  key: 'invalid',
                  value: preview.invalid,
                  color: preview.invalid > 0 ? token.colorError : undefined,
                },
              ] as const
            ).map((count) => (
              <Col key={count.key} span={8}>
                <Statistic
                  title={t(`question.import.counts.${count.key}`)}
                  value={count.value}
                  styles={{ content: { color: count.color } }}
                  className={`import-count-${count.key}`}
                />
              </Col>
            ))}
          </Row>
          {preview.total === 0 ? (
            <Alert type="warning" showIcon title={t('question.import.noRows')} />
          ) : preview.invalid === 0 ? (
            <Alert type="success" showIcon title={t('question.import.allValid')} />
          ) : (
            <Space>
              <Switch checked={onlyBad} onChange={setOnlyBad} id="question-import-only-bad" />
              <label htmlFor="question-import-only-bad">{t('question.import.onlyBad')}</label>
            </Space>
          )}
          <Table<QuestionImportPreviewRow>
            rowKey="row"
            size="small"
            columns={columns}
            dataSource={
              onlyBad ? preview.rows.filter((row) => row.problems.length > 0) : preview.rows
            }
            scroll={{ x: 'max-content', y: 360 }}
            pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
            rowClassName={(row) => (row.problems.length > 0 ? 'import-row-invalid' : '')}
            onRow={(row) =>
              row.problems.length > 0 ? { style: { background: token.colorErrorBg } } : {}
            }
            locale={{ emptyText: t('common.noData') }}
          />
        </Flex>
      )}

      {step === 'mode' && preview && (
        <Flex vertical gap={16} className="import-step-mode">
          {failed && <Alert type="error" showIcon title={t('question.import.failed')} />}
          <Typography.Text strong>{t('question.import.modeTitle')}</Typography.Text>
          <Radio.Group
            value={mode}
            onChange={(event) => setMode(event.target.value as QuestionImportMode)}
            style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
            options={[
              {
                value: 'skipInvalid',
                label: t('question.import.modes.skipInvalid', { count: preview.valid }),
                disabled: preview.valid === 0,
              },
              { value: 'allOrNothing', label: t('question.import.modes.allOrNothing') },
            ]}
          />
          {preview.valid === 0 ? (
            <Alert type="warning" showIcon title={t('question.import.modeBlocked')} />
          ) : (
            mode === 'allOrNothing' &&
            preview.invalid > 0 && (
              <Alert type="warning" showIcon title={t('question.import.allOrNothingBlocked')} />
            )
          )}
        </Flex>
      )}

      {step === 'progress' && (
        <Flex vertical gap={12} align="center" className="import-step-progress">
          <Progress type="circle" percent={percent} />
          <Typography.Text>
            {progress?.phase === 'write'
              ? t('question.import.writing', { done: progress.done, total: progress.total })
              : t('question.import.uploading')}
          </Typography.Text>
        </Flex>
      )}

      {step === 'result' && result && (
        <Result
          status="success"
          title={t('question.import.done')}
          subTitle={t('question.import.resultText', { ...result })}
          className="import-step-result"
        />
      )}
    </Modal>
  );
}
