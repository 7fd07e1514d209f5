import {
  CodeOutlined,
  FileExcelOutlined,
  FileTextOutlined,
  FileZipOutlined,
  FileWordOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  QUESTION_IMPORT_MAX_BYTES,
  type QuestionImportPreview,
  type QuestionImportPreviewRow,
  type QuestionImportResult,
  type QuestionTextImportFields,
  formatFileSize,
} from '@kaoshi/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Col,
  Collapse,
  Flex,
  Form,
  Grid,
  Input,
  Row,
  Segmented,
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
import { ImportModal } from '../../components/import/ImportModal';
import { ImportExcelFile, ImportPreviewStep } from '../../components/import/ImportSteps';
import { useImportRun } from '../../components/import/use-import-run';
import { LevelSelect, cascadeReset } from '../../components/structure';
import { currentLanguage } from '../../i18n';
import { succeeded } from '../../utils/succeeded';
import { useCodeLabel } from '../../utils/use-code-label';
import { AnyJobTypeSelect } from '../../components/structure/AnyJobTypeSelect';
import { CourseSelect } from '../../components/knowledge/CourseSelect';
import { PointSelect } from '../../components/knowledge/PointSelect';
import { useProblemText } from './problem-text';
import { ImportPaperLink, ImportPaperPanel, paperByDefault } from './QuestionImportPaper';
import { useAllJobTypes } from '../../components/structure/queries';
import { questionKeys } from './queries';
import type { QuestionPlacement } from './question-form';

import {
  FOREIGN_FILES,
  WRONG_TYPE,
  fileProblem,
  TARGET_CHAIN,
  isForeign,
  type Source,
  type TargetValues,
} from './question-import-sources';

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
  // The paper tick as the user left it for this preview, else its default.
  const [paperChoice, setPaperChoice] = useState<{ for: QuestionImportPreview; make: boolean }>();
  const run = useImportRun<QuestionImportSource, QuestionImportPreview, QuestionImportResult>({
    preview: previewQuestionImport,
    apply: (sent, mode, onProgress): Promise<QuestionImportResult> =>
      applyQuestionImport({ ...sent, makePaper }, mode, onProgress),
    onImported: () => void queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
  const { preview, result } = run;
  const makePaper: boolean =
    paperChoice && paperChoice.for === preview ? paperChoice.make : paperByDefault(preview?.paper);
  const [source, setSource] = useState<Source>('excel');
  const [file, setFile] = useState<File>();
  const [text, setText] = useState('');
  const maxSize = formatFileSize(QUESTION_IMPORT_MAX_BYTES);

  const refuse = (chosen: File, problem: 'wrongType' | 'tooLarge') => {
    if (problem === 'wrongType') {
      message.error(t(WRONG_TYPE[source]));
    } else {
      message.error(
        t('question.import.tooLarge', { size: formatFileSize(chosen.size), max: maxSize }),
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

  const chooseForeign = (chosen: File) => {
    const problem = fileProblem(chosen, source);
    if (problem) refuse(chosen, problem);
    else setFile(chosen);
    return Upload.LIST_IGNORE;
  };

  const chooseText = (chosen: File) => {
    const problem = fileProblem(chosen, 'text');
    if (problem) refuse(chosen, problem);
    else void chosen.text().then(setText);
    return Upload.LIST_IGNORE;
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
    if (isForeign(source)) return file ? { file, target, format: source } : undefined;
    const blob = new File([text], 'questions.txt', { type: 'text/plain' });
    if (blob.size > QUESTION_IMPORT_MAX_BYTES) {
      refuse(blob, 'tooLarge');
      return undefined;
    }
    return { file: blob, target };
  };

  const restart = () => {
    run.restart();
    setFile(undefined);
  };

  // A Word document's questions are counted in order (their names give section and number).
  const rowTitle = t(
    source === 'excel'
      ? 'question.import.row'
      : source === 'qti'
        ? 'question.import.item'
        : isForeign(source) && source !== 'docx'
          ? 'question.import.line'
          : 'question.import.number',
  );
  const foreignColumns: TableColumnsType<QuestionImportPreviewRow> = isForeign(source)
    ? [
        {
          title: t('question.import.name'),
          key: 'name',
          width: 160,
          render: (_, row) => (
            <Typography.Text style={{ display: 'block', maxWidth: 160 }} ellipsis>
              {row.name}
            </Typography.Text>
          ),
        },
        {
          title: t('question.import.action'),
          key: 'action',
          width: 90,
          render: (_, row) =>
            row.action && (
              <Tag color={row.action === 'update' ? 'gold' : 'green'}>
                {t(`question.import.actions.${row.action}`)}
              </Tag>
            ),
        },
      ]
    : [];
  const columns: TableColumnsType<QuestionImportPreviewRow> = [
    {
      title: rowTitle,
      dataIndex: 'row',
      width: 64,
      fixed: 'left',
    },
    ...foreignColumns,
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

  const ready = source === 'text' ? text.trim() !== '' : file !== undefined;

  const half = { xs: 24, sm: 12 };

  return (
    <ImportModal
      open={open}
      title={t('question.import.title')}
      texts="question.import"
      run={run}
      ready={ready}
      onCheck={() => void currentSource().then(run.check)}
      onRestart={restart}
      onClose={onClose}
      className="question-import-dialog"
      fileStep={
        <Flex vertical gap={16} className="import-step-file">
          <Segmented<Source>
            block
            // Five sources do not fit side by side on a phone: one under the other.
            vertical={!screens.sm}
            value={source}
            onChange={(chosen) => {
              setSource(chosen);
              setFile(undefined);
            }}
            options={[
              { value: 'excel', label: t('question.import.excel'), icon: <FileExcelOutlined /> },
              { value: 'text', label: t('question.import.text'), icon: <FileTextOutlined /> },
              { value: 'moodleXml', label: t('question.import.moodleXml'), icon: <CodeOutlined /> },
              { value: 'gift', label: t('question.import.gift'), icon: <FileTextOutlined /> },
              { value: 'qti', label: t('question.import.qti'), icon: <FileZipOutlined /> },
              { value: 'docx', label: t('question.import.docx'), icon: <FileWordOutlined /> },
            ]}
          />
          {source === 'excel' ? (
            <>
              <ImportExcelFile
                texts="question.import"
                file={file}
                maxSize={maxSize}
                onDownloadTemplate={() => succeeded(downloadQuestionTemplate(currentLanguage()))}
                beforeUpload={chooseExcel}
              />
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
                  {t(
                    source === 'qti'
                      ? 'question.import.qtiHelp'
                      : source === 'docx'
                        ? 'question.import.docxHelp'
                        : isForeign(source)
                          ? 'question.import.foreignHelp'
                          : 'question.import.targetHelp',
                  )}
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
              {isForeign(source) ? (
                <Flex align="center" wrap gap={8} className="question-import-foreign-file">
                  <Upload
                    accept={FOREIGN_FILES[source].accept}
                    showUploadList={false}
                    beforeUpload={chooseForeign}
                  >
                    <Button icon={<UploadOutlined />}>{t(FOREIGN_FILES[source].open)}</Button>
                  </Upload>
                  {file && <Typography.Text>{file.name}</Typography.Text>}
                  <Typography.Text type="secondary">
                    {t('question.import.limitAny', { size: maxSize })}
                  </Typography.Text>
                  {source === 'docx' && (
                    <Button
                      type="link"
                      icon={<FileWordOutlined />}
                      onClick={() => succeeded(downloadQuestionTemplate(currentLanguage(), 'docx'))}
                    >
                      {t('question.import.docxTemplate')}
                    </Button>
                  )}
                </Flex>
              ) : (
                <>
                  <Flex justify="space-between" align="center" wrap gap={8}>
                    <Typography.Text strong>{t('question.import.pasteLabel')}</Typography.Text>
                    <Upload
                      accept=".txt,text/plain"
                      showUploadList={false}
                      beforeUpload={chooseText}
                    >
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
            </>
          )}
        </Flex>
      }
      previewStep={
        preview && (
          <Flex vertical gap={12}>
            {preview.paper && (
              <ImportPaperPanel
                paper={preview.paper}
                makePaper={makePaper}
                onMakePaper={(make) => setPaperChoice({ for: preview, make })}
              />
            )}
            <ImportPreviewStep<QuestionImportPreviewRow>
              texts="question.import"
              run={run}
              counts={[
                { key: 'total', title: t('question.import.counts.total'), value: preview.total },
                { key: 'valid', title: t('question.import.counts.valid'), value: preview.valid },
                {
                  key: 'invalid',
                  title: t('question.import.counts.invalid'),
                  value: preview.invalid,
                },
              ]}
              countCol={{ span: 8 }}
              rows={preview.rows}
              columns={columns}
              isBad={(row) => row.problems.length > 0}
              onlyBadId="question-import-only-bad"
            />
          </Flex>
        )
      }
      resultExtra={
        result?.paperId !== undefined && (
          <ImportPaperLink paperId={result.paperId} title={preview?.paper?.title ?? ''} />
        )
      }
      resultText={
        result &&
        t(result.updated > 0 ? 'question.import.resultTextUpdated' : 'question.import.resultText', {
          ...result,
        })
      }
      skipped={
        preview && {
          header: [
            rowTitle,
            t('question.fields.type'),
            t('question.import.problems'),
            t('question.fields.content'),
            t('question.fields.answer'),
            t('question.fields.score'),
          ],
          rows: preview.rows
            .filter((row) => row.problems.length > 0)
            .map((row) => [
              row.name ? `${row.row} ${row.name}` : String(row.row),
              row.question.type === null ? '' : codeLabel('questionType', row.question.type),
              row.problems
                .map((problem) => problemText(problem, row.question.type ?? undefined))
                .join('\n'),
              row.question.stem,
              row.question.answer,
              String(row.question.score ?? ''),
            ]),
        }
      }
    />
  );
}
