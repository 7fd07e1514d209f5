import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  AuditStatus,
  DIFFICULTIES,
  OPTION_KEYS,
  QUESTION_BLANK_MAX,
  QUESTION_LINK_URL_MAX,
  QUESTION_OPTION_MAX,
  QUESTION_OPTION_MIN,
  QUESTION_SCORE_MAX,
  QUESTION_TAG_LENGTH_MAX,
  QUESTION_TAG_MAX,
  QUESTION_TYPES,
  QuestionType,
  questionScore,
  type QuestionProblem,
  type QuestionView,
} from '@kaoshi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Rate,
  Row,
  Select,
  Tooltip,
  Typography,
  type FormInstance,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { addQuestion, updateQuestion } from '../../api/question';
import { LevelSelect, cascadeReset } from '../../components/structure';
import { useCodeLabel } from '../../utils/use-code-label';
import { reportSaveError } from '../../utils/server-error';
import { AnyJobTypeSelect } from '../../components/structure/AnyJobTypeSelect';
import { CourseSelect } from '../../components/knowledge/CourseSelect';
import { RichEditor, clearEditorDraft } from '../../components/RichEditor/LazyRichEditor';
import { PointSelect } from '../../components/knowledge/PointSelect';
import { useProblemText } from './problem-text';
import { useAllJobTypes } from '../../components/structure/queries';
import { questionKeys } from './queries';
import {
  answerForType,
  difficultyKey,
  fitBlanks,
  formProblems,
  newQuestionValues,
  questionInput,
  questionValues,
  stemBlankCount,
  type QuestionFormValues,
  type QuestionPlacement,
} from './question-form';

/** Where the question sits: each choice clears the ones below it. */
const PLACE_CHAIN = ['subjectId', 'level', 'courseId', 'pointId'] as const;
/** The fields a server message may blame (see reportSaveError). */
const SERVER_FIELDS = [
  'type',
  'content',
  'options',
  'answer',
  'blanks',
  'linkUrl',
  'analysis',
  'score',
  'difficulty',
  'subjectId',
  'level',
  'courseId',
  'pointId',
  'tags',
] as const;
/** The editor needs room: two columns from a laptop on, the whole width on a phone. */
const DIALOG_WIDTH = { xs: '100%', md: 860, xl: 1100 };
/** A form rule that a Form.List takes too (it accepts only validators). */
interface ShapeRule {
  validator: () => Promise<void>;
}
/** Drafts of a new question survive a closed tab (the editor's own autosave). */
const DRAFT_KEY = 'question-new';

interface QuestionFormDialogProps {
  open: boolean;
  /** The question to edit; none to add one. */
  question?: QuestionView;
  /** Where a new question goes (the list's current filter). */
  placement?: QuestionPlacement;
  /** A new question was saved there: the bank starts the next one in the same place. */
  onAdded?: (placement: QuestionPlacement) => void;
  onClose: () => void;
}

export function QuestionFormDialog({
  open,
  question,
  placement,
  onAdded,
  onClose,
}: QuestionFormDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const codeLabel = useCodeLabel();
  const problemText = useProblemText();
  const [form] = Form.useForm<QuestionFormValues>();
  const type = Form.useWatch('type', form) ?? question?.type ?? QuestionType.SINGLE;
  const content = Form.useWatch('content', form) ?? '';
  const subjectId = Form.useWatch('subjectId', form);
  const level = Form.useWatch('level', form);
  const courseId = Form.useWatch('courseId', form);
  const jobTypes = useAllJobTypes();
  const levels = jobTypes.data?.find((jobType) => jobType.id === subjectId)?.levels;
  const markers = stemBlankCount(content);

  const save = useMutation({
    mutationFn: (values: QuestionFormValues) =>
      question
        ? updateQuestion(question.id, questionInput(values), { quiet: true })
        : addQuestion(questionInput(values), { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });

  const submit = async (values: QuestionFormValues) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      reportSaveError(error, form, SERVER_FIELDS);
      return;
    }
    if (!question) {
      clearEditorDraft(DRAFT_KEY);
      onAdded?.({ subjectId: values.subjectId, level: values.level, courseId: values.courseId });
    }
    message.success(t(question ? 'common.saved' : 'question.form.added'));
    onClose();
  };

  /**
   * A rule that reports the shared shape problems of one field path (the same rules the server
   * applies), read from the whole form since most depend on the type.
   */
  const shapeRule = (field: (problem: QuestionProblem) => boolean): ShapeRule => ({
    validator: () => {
      const values = form.getFieldsValue(true) as QuestionFormValues;
      const problem = formProblems(values).find(field);
      return problem
        ? Promise.reject(new Error(problemText(problem, values.type)))
        : Promise.resolve();
    },
  });
  const at = (path: string) => (problem: QuestionProblem) => problem.field === path;

  const onValuesChange = (changed: Partial<QuestionFormValues>, values: QuestionFormValues) => {
    const updates: Partial<QuestionFormValues> = cascadeReset(PLACE_CHAIN, changed);
    if ('type' in changed && changed.type !== undefined) {
      updates.answer = answerForType(values.answer ?? '', changed.type);
      if (changed.type === QuestionType.SINGLE) {
        // One correct option at most: keep the first one marked. The options are read from the
        // form's store: while a type without options was shown, their list was not on screen
        // and `values` has none.
        const options =
          (form.getFieldValue('options') as QuestionFormValues['options'] | undefined) ?? [];
        const first = options.findIndex((option) => option.correct);
        updates.options = options.map((option, index) => ({
          ...option,
          correct: index === first,
        }));
      }
    }
    const nextType = changed.type ?? values.type;
    if (nextType === QuestionType.FILL_BLANK && ('content' in changed || 'type' in changed)) {
      updates.blanks = fitBlanks(values.blanks ?? [], stemBlankCount(values.content ?? ''));
    }
    if (Object.keys(updates).length > 0) form.setFieldsValue(updates);
  };

  const required = (field: string) => ({
    required: true,
    message: t('question.rules.choose', { field }),
  });
  const needsReview =
    question !== undefined &&
    (question.auditStatus === AuditStatus.PASSED ||
      question.auditStatus === AuditStatus.UNDER_REVIEW);

  return (
    <Modal
      open={open}
      title={t(question ? 'question.form.editTitle' : 'question.form.addTitle', {
        id: question?.id,
      })}
      width={DIALOG_WIDTH}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      className="question-form-dialog"
    >
      <Form<QuestionFormValues>
        name="questionForm"
        form={form}
        layout="vertical"
        initialValues={question ? questionValues(question) : newQuestionValues(placement)}
        onValuesChange={onValuesChange}
        onFinish={(values) => void submit(values)}
        scrollToFirstError
      >
        {needsReview && (
          <Alert
            type="warning"
            showIcon
            title={t('question.form.reviewAgain')}
            style={{ marginBottom: 16 }}
          />
        )}
        <Form.Item name="type" label={t('question.fields.type')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
            options={QUESTION_TYPES.map((code) => ({
              value: code,
              label: codeLabel('questionType', code),
            }))}
          />
        </Form.Item>
        <Row gutter={24}>
          <Col xs={24} lg={16}>
            <Form.Item
              name="content"
              label={t(
                type === QuestionType.EXTERNAL_LINK
                  ? 'question.fields.instructions'
                  : 'question.fields.content',
              )}
              extra={type === QuestionType.FILL_BLANK ? <BlankHint markers={markers} /> : undefined}
              rules={[shapeRule(at('content'))]}
            >
              <RichEditor
                minHeight={160}
                autosaveKey={question ? undefined : DRAFT_KEY}
                aria-label={t('question.fields.content')}
                placeholder={t(
                  type === QuestionType.FILL_BLANK
                    ? 'question.form.fillBlankPlaceholder'
                    : 'question.form.contentPlaceholder',
                )}
              />
            </Form.Item>
            <TypeFields form={form} type={type} shapeRule={shapeRule} at={at} />
            <Form.Item name="analysis" label={t('question.fields.analysis')}>
              <RichEditor minHeight={80} aria-label={t('question.fields.analysis')} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={8}>
            <Row gutter={16}>
              <Col xs={12} lg={24}>
                <Form.Item
                  name="score"
                  label={t('question.fields.score')}
                  rules={[
                    {
                      validator: (_, value: number | null) =>
                        value !== null && questionScore.safeParse(value).success
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('question.problems.score'))),
                    },
                  ]}
                >
                  <InputNumber
                    min={0}
                    max={QUESTION_SCORE_MAX}
                    step={1}
                    style={{ width: '100%' }}
                    suffix={t('question.form.points')}
                  />
                </Form.Item>
              </Col>
              <Col xs={12} lg={24}>
                <Form.Item name="difficulty" label={t('question.fields.difficulty')}>
                  <Rate
                    count={DIFFICULTIES.length}
                    allowClear={false}
                    tooltips={DIFFICULTIES.map((value) =>
                      t(`question.difficulty.${difficultyKey(value)}`),
                    )}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              name="subjectId"
              label={t('question.fields.jobType')}
              rules={[required(t('question.fields.jobType'))]}
            >
              <AnyJobTypeSelect
                activeOnly
                onChange={(value, jobType) =>
                  form.setFieldsValue({
                    subjectId: value,
                    ...cascadeReset(PLACE_CHAIN, { subjectId: value }),
                    ...(jobType?.levels.length === 1 && { level: jobType.levels[0] }),
                  })
                }
              />
            </Form.Item>
            <Form.Item
              name="level"
              label={t('question.fields.level')}
              rules={[required(t('question.fields.level'))]}
            >
              <LevelSelect
                levels={levels}
                waitingFor={subjectId === undefined ? t('school.select.jobTypeFirst') : undefined}
              />
            </Form.Item>
            <Form.Item
              name="courseId"
              label={t('question.fields.course')}
              rules={[required(t('question.fields.course'))]}
            >
              <CourseSelect subjectId={subjectId} level={level} />
            </Form.Item>
            <Form.Item name="pointId" label={t('question.fields.point')}>
              <PointSelect subjectId={subjectId} level={level} courseId={courseId} />
            </Form.Item>
            <Form.Item
              name="tags"
              label={t('question.fields.tags')}
              extra={t('question.form.tagsHelp', {
                count: QUESTION_TAG_MAX,
                length: QUESTION_TAG_LENGTH_MAX,
              })}
              rules={[
                {
                  validator: (_, tags: string[] = []) =>
                    tags.length <= QUESTION_TAG_MAX &&
                    tags.every((tag) => tag.trim().length <= QUESTION_TAG_LENGTH_MAX)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('question.problems.tags'))),
                },
              ]}
            >
              <Select
                mode="tags"
                maxCount={QUESTION_TAG_MAX}
                tokenSeparators={[',', '，']}
                open={false}
                suffixIcon={null}
                aria-label={t('question.fields.tags')}
                placeholder={t('question.form.tagsPlaceholder')}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** The live count of ___ in a fill-in stem, red when it cannot be saved. */
function BlankHint({ markers }: { markers: number }) {
  const { t } = useTranslation();
  const bad = markers === 0 || markers > QUESTION_BLANK_MAX;
  return (
    <span className="question-blank-hint">
      {t('question.form.blankHint')}{' '}
      <Typography.Text type={bad ? 'danger' : 'success'} strong>
        {t('question.form.blankCount', { count: markers, max: QUESTION_BLANK_MAX })}
      </Typography.Text>
    </span>
  );
}

interface TypeFieldsProps {
  form: FormInstance<QuestionFormValues>;
  type: number;
  shapeRule: (field: (problem: QuestionProblem) => boolean) => ShapeRule;
  at: (path: string) => (problem: QuestionProblem) => boolean;
}

/** The fields only some types have: options, the judgement, blanks, link, model answer. */
function TypeFields({ form, type, shapeRule, at }: TypeFieldsProps) {
  const { t } = useTranslation();

  if (type === QuestionType.SINGLE || type === QuestionType.MULTIPLE) {
    const single = type === QuestionType.SINGLE;
    const markCorrect = (chosen: number) => {
      const current = form.getFieldValue('options') as QuestionFormValues['options'];
      form.setFieldValue(
        'options',
        current.map((option, index) => ({ ...option, correct: index === chosen })),
      );
      void form.validateFields([['options']]).catch(() => undefined);
    };
    return (
      <Form.List name="options" rules={[shapeRule(at('options'))]}>
        {(fields, { add, remove }, { errors }) => (
          <Form.Item
            label={t('question.fields.options')}
            extra={t(single ? 'question.form.singleHelp' : 'question.form.multipleHelp')}
            required
          >
            <Flex vertical gap={8} className="question-options">
              {fields.map((field, index) => {
                const key = OPTION_KEYS[index] ?? '';
                const markLabel = t('question.form.markCorrect', { key });
                return (
                  <Flex key={field.key} gap={8} align="flex-start" className="question-option-row">
                    <Tooltip title={markLabel}>
                      <Flex align="center" gap={4} style={{ paddingTop: 5, flex: 'none' }}>
                        <Form.Item name={[field.name, 'correct']} valuePropName="checked" noStyle>
                          {single ? (
                            <Radio onChange={() => markCorrect(index)} aria-label={markLabel} />
                          ) : (
                            <Checkbox aria-label={markLabel} />
                          )}
                        </Form.Item>
                        <Typography.Text strong>{key}</Typography.Text>
                      </Flex>
                    </Tooltip>
                    <Form.Item
                      name={[field.name, 'content']}
                      style={{ flex: 1, minWidth: 0, marginBottom: 0 }}
                      rules={[shapeRule(at(`options.${index}.content`))]}
                    >
                      <RichEditor
                        compact
                        minHeight={36}
                        aria-label={t('question.form.option', { key })}
                        placeholder={t('question.form.option', { key })}
                      />
                    </Form.Item>
                    <Tooltip title={t('question.form.removeOption', { key })}>
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        disabled={fields.length <= QUESTION_OPTION_MIN}
                        aria-label={t('question.form.removeOption', { key })}
                        onClick={() => remove(field.name)}
                        style={{ flex: 'none', marginTop: 2 }}
                      />
                    </Tooltip>
                  </Flex>
                );
              })}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= QUESTION_OPTION_MAX}
                onClick={() => add({ content: '', correct: false })}
              >
                {t('question.form.addOption', {
                  key: OPTION_KEYS[fields.length] ?? '',
                  max: QUESTION_OPTION_MAX,
                })}
              </Button>
              <Form.ErrorList errors={errors} />
            </Flex>
          </Form.Item>
        )}
      </Form.List>
    );
  }

  if (type === QuestionType.JUDGEMENT) {
    return (
      <Form.Item
        name="answer"
        label={t('question.fields.judgement')}
        rules={[shapeRule(at('answer'))]}
      >
        <Radio.Group
          options={[
            { value: 'T', label: t('question.view.true') },
            { value: 'F', label: t('question.view.false') },
          ]}
        />
      </Form.Item>
    );
  }

  if (type === QuestionType.FILL_BLANK) {
    return (
      <Form.List name="blanks" rules={[shapeRule(at('blanks'))]}>
        {(fields, _operations, { errors }) => (
          <Form.Item
            label={t('question.fields.blanks')}
            extra={t('question.form.blanksHelp')}
            required
          >
            <Flex vertical gap={8} className="question-blanks">
              {fields.length === 0 && (
                <Typography.Text type="secondary">{t('question.form.noBlanks')}</Typography.Text>
              )}
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="flex-start" className="question-blank-row">
                  <Typography.Text style={{ flex: 'none', paddingTop: 5, minWidth: 56 }}>
                    {t('question.view.blank', { n: index + 1 })}
                  </Typography.Text>
                  <Form.Item
                    name={field.name}
                    style={{ flex: 1, minWidth: 0, marginBottom: 0 }}
                    rules={[shapeRule(at(`blanks.${index}`))]}
                  >
                    <Select
                      mode="tags"
                      open={false}
                      suffixIcon={null}
                      tokenSeparators={['|']}
                      aria-label={t('question.form.blankAnswers', { n: index + 1 })}
                      placeholder={t('question.form.blankAnswersPlaceholder')}
                    />
                  </Form.Item>
                </Flex>
              ))}
              <Form.ErrorList errors={errors} />
            </Flex>
          </Form.Item>
        )}
      </Form.List>
    );
  }

  if (type === QuestionType.EXTERNAL_LINK) {
    return (
      <>
        <Form.Item
          name="linkUrl"
          label={t('question.fields.linkUrl')}
          required
          rules={[shapeRule(at('linkUrl'))]}
        >
          <Input
            type="url"
            maxLength={QUESTION_LINK_URL_MAX}
            placeholder={t('question.form.linkPlaceholder')}
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item name="answer" label={t('question.fields.markingGuide')}>
          <RichEditor minHeight={80} aria-label={t('question.fields.markingGuide')} />
        </Form.Item>
      </>
    );
  }

  return (
    <Form.Item
      name="answer"
      label={t('question.fields.modelAnswer')}
      required
      rules={[shapeRule(at('answer'))]}
    >
      <RichEditor minHeight={100} aria-label={t('question.fields.modelAnswer')} />
    </Form.Item>
  );
}
