import { ArrowLeftOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import {
  EXAM_ACCESS_CODE_MAX,
  EXAM_DURATION_MAX,
  EXAM_LEAVE_LIMIT_MAX,
  EXAM_NAME_MAX,
  EXAM_WINDOW_MAX_DAYS,
  MULTIPLE_SCORINGS,
  SHOW_RESULTS,
  TAKEOVERS,
  type CertLevel,
  type ExamPublishCheck,
  type ExamPublishOptions,
  type ExamView,
} from '@kaoshi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Radio,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Steps,
  Switch,
  Typography,
  type DescriptionsProps,
  type FormRule,
} from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  addExam,
  checkExam,
  getExam,
  getPublishOptions,
  publishExam,
  updateExam,
} from '../../api/exam';
import { ApiError } from '../../api/request';
import { DateTimePicker } from '../../components/DateTimePicker';
import { PageLoading } from '../../components/PageLoading';
import { useLevelLabel } from '../../components/structure';
import { withoutFieldLabel } from '../../utils/server-error';
import { BatchChecklist } from './BatchChecklist';
import { CandidateCheck } from './CandidateCheck';
import {
  DEFAULT_FORM_VALUES,
  OPEN_EDITABLE,
  REVIEW_STEP,
  STEP_FIELDS,
  afterPaperChange,
  batchesFor,
  examBodyOf,
  formFieldOf,
  formValuesOf,
  ipProblem,
  noticesFor,
  stepOf,
  windowProblems,
  type ExamFormField,
  type ExamFormValues,
} from './exam-form';
import { localWindow } from './exam-format';
import { ExamPolicies } from './ExamPolicies';
import { EXAM_LIST_PATH, examDetailPath, examKeys } from './exam-routes';
import { ExamStateTag } from './ExamStateTag';
import { useExamActions } from './use-exam-actions';
import { useWindowProblemText } from './use-window-problem-text';
import './exam.css';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * The publish form (?id=N edits exam N, no id starts a new one), in steps: paper → batches →
 * window and duration → notice and policies → review. Reaching the review saves a draft and shows
 * whom it is for and whom it overlaps another exam for; publishing follows from there. A published
 * exam changes in place; an open one only closes later or takes more batches; a closed one is read.
 */
export default function ExamEdit() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  // A draft this form has just saved puts its id in the address: the form carries on as it is.
  const [created, setCreated] = useState<number>();
  const ownDraft = id !== undefined && id === created;
  const saved = useQuery({
    queryKey: [...examKeys.all, 'edit', id ?? 0],
    queryFn: () => getExam(id!),
    enabled: id !== undefined && !ownDraft,
    // The form edits its own copy: a later visit starts from the exam as it is then.
    gcTime: 0,
  });
  const options = useQuery({ queryKey: examKeys.options, queryFn: getPublishOptions });
  if (saved.isError || options.isError) {
    return (
      <Result
        status="warning"
        title={t('exam.edit.loadFailed')}
        subTitle={(saved.error ?? options.error)?.message}
        extra={<Link to={EXAM_LIST_PATH}>{t('exam.backToList')}</Link>}
      />
    );
  }
  if (!options.data || (id !== undefined && !ownDraft && !saved.data)) return <PageLoading />;
  return (
    <ExamForm
      key={ownDraft ? 'new' : (id ?? 'new')}
      id={id}
      saved={ownDraft ? undefined : saved.data}
      options={options.data}
      onCreated={setCreated}
    />
  );
}

interface ExamFormProps {
  id?: number;
  /** The exam being edited; none for a new one. */
  saved?: ExamView;
  options: ExamPublishOptions;
  onCreated: (id: number) => void;
}

type Busy = 'review' | 'save' | 'publish';

function ExamForm({ id, saved, options, onCreated }: ExamFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const levelLabel = useLevelLabel();
  const windowText = useWindowProblemText();
  const actions = useExamActions();
  const [form] = Form.useForm<ExamFormValues>();
  const [initial] = useState<ExamFormValues>(() =>
    saved ? formValuesOf(saved) : DEFAULT_FORM_VALUES,
  );
  const [examId, setExamId] = useState(id);
  const [step, setStep] = useState(0);
  const [reviewed, setReviewed] = useState<ExamFormValues>();
  const [check, setCheck] = useState<ExamPublishCheck>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<Busy>();
  const lastPaper = useRef(initial.paperId);

  const paperId = Form.useWatch('paperId', form) ?? initial.paperId;
  const scoring = Form.useWatch('multipleScoring', form) ?? initial.multipleScoring;
  const classIds = Form.useWatch('classIds', form) ?? initial.classIds;
  const paper = options.papers.find((p) => p.id === paperId);
  // A published exam's paper may no longer be among the passed ones: its facts come from the exam.
  const paperFacts =
    paper ??
    (saved && {
      id: saved.paperId,
      name: saved.paperName,
      subjectId: saved.subjectId,
      subjectName: saved.subjectName,
      level: saved.level,
      passScore: saved.passScore,
      durationMinutes: saved.durationMinutes,
    });
  // The exam's own paper stays offered (with the facts it froze) when it is no longer passed.
  const savedPaper = saved &&
    options.papers.every((p) => p.id !== saved.paperId) && {
      id: saved.paperId,
      name: saved.paperName,
      subjectName: saved.subjectName,
      level: saved.level,
    };
  const paperChoices = savedPaper ? [savedPaper, ...options.papers] : options.papers;
  const batches = batchesFor(options, paperFacts);
  const notices = noticesFor(options, paperFacts);

  const editable = saved?.editable ?? 'all';
  const isDraft = !saved || saved.state === 'draft';
  const readOnly = editable === 'none';
  const locked = (field: ExamFormField) =>
    readOnly || (editable === 'open' && !OPEN_EDITABLE.includes(field));
  const keptBatches = editable === 'open' ? new Set(initial.classIds) : undefined;

  const stepTitles = [
    t('exam.steps.paper'),
    t('exam.steps.batches'),
    t('exam.steps.window'),
    t('exam.steps.policies'),
    t('exam.steps.review'),
  ];

  /** A refusal under the field it blames, on that field's step; else above the form. */
  const report = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    const field = formFieldOf(error.field);
    if (field) {
      setStep(stepOf(field));
      form.setFields([{ name: field, errors: [withoutFieldLabel(error.message)] }]);
    } else {
      setProblem(error.message);
    }
  };

  const running = async (what: Busy, work: () => Promise<void>) => {
    setBusy(what);
    setProblem(undefined);
    try {
      await work();
    } catch (error) {
      report(error);
    } finally {
      setBusy(undefined);
    }
  };

  /** Checks the steps before `target` in order; the first with a problem is shown. */
  const validThrough = async (target: number) => {
    for (let s = 0; s < target; s++) {
      try {
        await form.validateFields([...STEP_FIELDS[s]!]);
      } catch {
        setStep(s);
        return false;
      }
    }
    return true;
  };

  const body = () => examBodyOf(form.getFieldsValue(true) as ExamFormValues, saved);

  /** The review: a draft is saved first, so the server can say whom it is for. */
  const review = () =>
    running('review', async () => {
      setReviewed(form.getFieldsValue(true) as ExamFormValues);
      setCheck(undefined);
      setStep(REVIEW_STEP);
      let current = examId;
      if (isDraft) {
        if (current === undefined) {
          ({ id: current } = await addExam(body(), { quiet: true }));
          setExamId(current);
          onCreated(current);
          setParams({ id: String(current) }, { replace: true });
        } else {
          await updateExam(current, body(), { quiet: true });
        }
        void queryClient.invalidateQueries({ queryKey: examKeys.list });
      }
      if (current !== undefined) setCheck(await checkExam(current, { quiet: true }));
    });

  const goTo = async (target: number) => {
    if (target === step) return;
    if (target < step) {
      setStep(target);
      return;
    }
    if (!(await validThrough(target))) return;
    if (target === REVIEW_STEP) void review();
    else setStep(target);
  };

  const publish = () =>
    running('publish', async () => {
      if (examId === undefined) return;
      const result = await publishExam(examId, { quiet: true });
      void queryClient.invalidateQueries({ queryKey: examKeys.all });
      navigate(examDetailPath(examId));
      actions.showPublished(t('exam.actions.published', { name: reviewed?.name ?? '' }), result);
    });

  const saveChanges = () =>
    running('save', async () => {
      if (!saved) return;
      await updateExam(saved.id, body(), { quiet: true });
      message.success(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: examKeys.all });
      setCheck(await checkExam(saved.id, { quiet: true }));
    });

  /** A window rule, checked on the field it is about whenever a field it reads changes. */
  const windowRule = (field: ExamFormField): FormRule => ({
    validator: async () => {
      const found = windowProblems(
        form.getFieldsValue(true) as ExamFormValues,
        editable === 'open' ? saved?.endAt : undefined,
      ).find((p) => p.field === field);
      if (found) throw new Error(windowText(found));
    },
  });

  const minutes = t('exam.fields.minutesUnit');
  const lockedNote =
    editable === 'none'
      ? t('exam.edit.closedNote')
      : editable === 'open'
        ? t('exam.edit.openNote')
        : saved && !isDraft
          ? t('exam.edit.publishedNote')
          : undefined;

  const paperStep = (
    <>
      <Form.Item
        name="paperId"
        label={t('exam.fields.paper')}
        rules={[{ required: true, message: t('exam.rules.paper') }]}
        extra={t('exam.edit.paperHelp')}
      >
        <Select
          aria-label={t('exam.fields.paper')}
          disabled={locked('paperId')}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('exam.edit.choosePaper')}
          notFoundContent={t('exam.edit.noPaper')}
          options={paperChoices.map((p) => ({
            value: p.id,
            label: p.name,
            facts: `${p.subjectName} · ${levelLabel(p.level as CertLevel)}`,
          }))}
          optionRender={({ data }) => (
            <Flex vertical>
              <span>{data.label}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {data.facts}
              </Typography.Text>
            </Flex>
          )}
        />
      </Form.Item>
      {paperFacts && (
        <Descriptions
          size="small"
          bordered
          className="exam-paper-facts"
          style={{ marginBottom: 24 }}
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'subject', label: t('exam.fields.jobType'), children: paperFacts.subjectName },
            {
              key: 'level',
              label: t('exam.fields.level'),
              children: levelLabel(paperFacts.level as CertLevel),
            },
            { key: 'pass', label: t('exam.fields.passScore'), children: paperFacts.passScore },
            {
              key: 'duration',
              label: t('exam.fields.suggestedDuration'),
              children: t('exam.minutes', { count: paperFacts.durationMinutes }),
            },
          ]}
        />
      )}
      <Form.Item
        name="name"
        label={t('exam.fields.name')}
        rules={[{ required: true, whitespace: true, message: t('exam.rules.name') }]}
        extra={t('exam.edit.nameHelp')}
      >
        <Input maxLength={EXAM_NAME_MAX} disabled={locked('name')} />
      </Form.Item>
    </>
  );

  const batchStep = (
    <Form.Item
      name="classIds"
      label={t('exam.fields.classIds')}
      rules={[{ required: true, type: 'array', min: 1, message: t('exam.rules.batches') }]}
      extra={editable === 'open' ? t('exam.edit.batchesOpenHelp') : t('exam.edit.batchesHelp')}
    >
      <BatchChecklist
        batches={batches}
        kept={keptBatches}
        disabled={locked('classIds')}
        emptyText={
          paperFacts
            ? t('exam.batches.none', {
                subject: paperFacts.subjectName,
                level: levelLabel(paperFacts.level as CertLevel),
              })
            : t('exam.batches.paperFirst')
        }
      />
    </Form.Item>
  );

  const chosenBatchDates = batches.filter(
    (batch) => classIds.includes(batch.id) && (batch.examStart || batch.examEnd),
  );

  const windowStep = (
    <Row gutter={16}>
      {chosenBatchDates.length > 0 && (
        <Col span={24}>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('exam.edit.batchDatesTitle')}
            description={chosenBatchDates
              .map((batch) =>
                t('exam.edit.batchDates', {
                  name: batch.name,
                  start: batch.examStart ? batch.examStart.slice(0, 10) : '…',
                  end: batch.examEnd ? batch.examEnd.slice(0, 10) : '…',
                }),
              )
              .join(t('exam.check.separator'))}
          />
        </Col>
      )}
      <Col xs={24} md={12}>
        <Form.Item
          name="startAt"
          label={t('exam.fields.startAt')}
          rules={[{ required: true, message: t('exam.rules.startAt') }]}
        >
          <DateTimePicker
            format={TIME_FORMAT}
            style={{ width: '100%' }}
            disabled={locked('startAt')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="endAt"
          label={t('exam.fields.endAt')}
          dependencies={['startAt']}
          rules={[{ required: true, message: t('exam.rules.endAt') }, windowRule('endAt')]}
          extra={editable === 'open' ? t('exam.edit.endOpenHelp') : undefined}
        >
          <DateTimePicker
            format={TIME_FORMAT}
            style={{ width: '100%' }}
            disabled={locked('endAt')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="durationMinutes"
          label={t('exam.fields.durationMinutes')}
          dependencies={['startAt', 'endAt']}
          rules={[
            { required: true, message: t('exam.rules.duration') },
            windowRule('durationMinutes'),
          ]}
          extra={
            paperFacts
              ? t('exam.edit.paperDuration', { count: paperFacts.durationMinutes })
              : undefined
          }
        >
          <InputNumber
            min={1}
            max={EXAM_DURATION_MAX}
            precision={0}
            suffix={minutes}
            style={{ width: '100%' }}
            disabled={locked('durationMinutes')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="lateEntryMinutes"
          label={t('exam.fields.lateEntryMinutes')}
          dependencies={['startAt', 'endAt']}
          rules={[windowRule('lateEntryMinutes')]}
          extra={t('exam.edit.lateEntryHelp')}
        >
          <InputNumber
            min={0}
            max={EXAM_WINDOW_MAX_DAYS * 24 * 60}
            precision={0}
            suffix={minutes}
            style={{ width: '100%' }}
            disabled={locked('lateEntryMinutes')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="minSubmitMinutes"
          label={t('exam.fields.minSubmitMinutes')}
          dependencies={['durationMinutes']}
          rules={[windowRule('minSubmitMinutes')]}
          extra={t('exam.edit.minSubmitHelp')}
        >
          <InputNumber
            min={0}
            max={EXAM_DURATION_MAX}
            precision={0}
            suffix={minutes}
            style={{ width: '100%' }}
            disabled={locked('minSubmitMinutes')}
          />
        </Form.Item>
      </Col>
    </Row>
  );

  const switchItem = (
    name: 'shuffleQuestions' | 'shuffleOptions' | 'fullscreen' | 'allowReview',
    help?: string,
  ) => (
    <Col xs={24} sm={12} lg={8}>
      <Form.Item name={name} label={t(`exam.fields.${name}`)} extra={help}>
        <Switch
          disabled={locked(name)}
          checkedChildren={t('common.yes')}
          unCheckedChildren={t('common.no')}
        />
      </Form.Item>
    </Col>
  );

  const policyStep = (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item
          name="instructionId"
          label={t('exam.fields.instruction')}
          extra={t('exam.edit.instructionHelp')}
        >
          <Select
            allowClear
            aria-label={t('exam.fields.instruction')}
            disabled={locked('instructionId')}
            placeholder={t('exam.edit.noInstruction')}
            options={notices.map((notice) => ({ value: notice.id, label: notice.title }))}
          />
        </Form.Item>
      </Col>
      {switchItem('shuffleQuestions', t('exam.edit.shuffleQuestionsHelp'))}
      {switchItem('shuffleOptions', t('exam.edit.shuffleOptionsHelp'))}
      {switchItem('fullscreen')}
      <Col xs={24} lg={12}>
        <Form.Item name="multipleScoring" label={t('exam.fields.multipleScoring')}>
          <Radio.Group
            disabled={locked('multipleScoring')}
            options={MULTIPLE_SCORINGS.map((value) => ({
              value,
              label: t(`exam.scoring.${value}`),
            }))}
          />
        </Form.Item>
        {scoring === 'partial' && (
          <Form.Item
            name="partialPercent"
            label={t('exam.fields.partialShare')}
            rules={[{ required: true, message: t('exam.rules.partialShare') }]}
            extra={t('exam.edit.partialHelp')}
          >
            <InputNumber
              min={1}
              max={99}
              precision={0}
              suffix="%"
              style={{ width: 160 }}
              disabled={locked('partialPercent')}
            />
          </Form.Item>
        )}
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item name="showResult" label={t('exam.fields.showResult')}>
          <Radio.Group disabled={locked('showResult')}>
            <Space orientation="vertical">
              {SHOW_RESULTS.map((value) => (
                <Radio key={value} value={value}>
                  {t(`exam.showResult.${value}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      </Col>
      {switchItem('allowReview', t('exam.edit.allowReviewHelp'))}
      <Col xs={24} sm={12} lg={8}>
        <Form.Item
          name="leaveLimit"
          label={t('exam.fields.leaveLimit')}
          extra={t('exam.edit.leaveLimitHelp')}
        >
          <InputNumber
            min={0}
            max={EXAM_LEAVE_LIMIT_MAX}
            precision={0}
            style={{ width: '100%' }}
            disabled={locked('leaveLimit')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={8}>
        <Form.Item name="takeover" label={t('exam.fields.takeover')}>
          <Radio.Group disabled={locked('takeover')}>
            <Space orientation="vertical">
              {TAKEOVERS.map((value) => (
                <Radio key={value} value={value}>
                  {t(`exam.takeover.${value}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item
          name="ipAllowList"
          label={t('exam.fields.ipAllowList')}
          extra={t('exam.edit.ipHelp')}
          rules={[
            {
              validator: async (_rule, value: string) => {
                const found = ipProblem(value);
                if (found?.kind === 'invalid') {
                  throw new Error(t('exam.rules.ipInvalid', { line: found.line }));
                }
                if (found?.kind === 'tooMany') {
                  throw new Error(t('exam.rules.ipTooMany', { max: found.max }));
                }
              },
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t('exam.edit.ipPlaceholder')}
            disabled={locked('ipAllowList')}
            spellCheck={false}
          />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item
          name="accessCode"
          label={t('exam.fields.accessCode')}
          extra={t('exam.edit.accessCodeHelp')}
        >
          <Input
            maxLength={EXAM_ACCESS_CODE_MAX}
            disabled={locked('accessCode')}
            autoComplete="off"
          />
        </Form.Item>
      </Col>
    </Row>
  );

  const reviewStep = reviewed && (
    <ReviewStep
      values={reviewed}
      options={options}
      paper={paperFacts}
      check={check}
      checking={busy === 'review'}
    />
  );

  const steps: ReactNode[] = [paperStep, batchStep, windowStep, policyStep, reviewStep];

  const reviewButtons = () => {
    if (readOnly) {
      return saved ? (
        <Button onClick={() => navigate(examDetailPath(saved.id))}>
          {t('exam.edit.toDetails')}
        </Button>
      ) : null;
    }
    if (!isDraft) {
      return (
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={busy === 'save'}
          disabled={busy === 'review'}
          onClick={() => void saveChanges()}
        >
          {t('exam.edit.saveChanges')}
        </Button>
      );
    }
    const ready = examId !== undefined && busy !== 'review' && check !== undefined;
    return (
      <>
        <Button
          icon={<SaveOutlined />}
          disabled={!ready}
          onClick={() => {
            message.success(t('exam.edit.draftSaved'));
            navigate(EXAM_LIST_PATH);
          }}
        >
          {t('exam.edit.saveDraft')}
        </Button>
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={!ready || check?.candidateCount === 0}
          loading={busy === 'publish'}
          onClick={() => void publish()}
        >
          {t('exam.actions.publish')}
        </Button>
      </>
    );
  };

  return (
    <Card size={screens.sm ? undefined : 'small'} className="exam-edit">
      <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
        <Button
          icon={<ArrowLeftOutlined />}
          onClick={() => navigate(saved ? examDetailPath(saved.id) : EXAM_LIST_PATH)}
        >
          {saved ? t('exam.edit.backToDetails') : t('exam.backToList')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {saved ? t('exam.edit.title', { name: saved.name }) : t('exam.edit.newTitle')}
        </Typography.Title>
        {saved && <ExamStateTag state={saved.state} />}
      </Flex>
      {lockedNote && (
        <Alert
          type={readOnly ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={lockedNote}
        />
      )}
      <Steps
        current={step}
        size="small"
        className="exam-steps"
        onChange={(target) => void goTo(target)}
        items={stepTitles.map((title) => ({ title, disabled: busy !== undefined }))}
        style={{ marginBottom: 24 }}
      />
      {problem && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="exam-problem"
          style={{ marginBottom: 16 }}
          title={problem}
          closable={{ onClose: () => setProblem(undefined) }}
        />
      )}
      <Form<ExamFormValues>
        form={form}
        name="examForm"
        layout="vertical"
        initialValues={initial}
        onValuesChange={(changed: Partial<ExamFormValues>) => {
          if ('paperId' in changed) {
            const from = options.papers.find((p) => p.id === lastPaper.current);
            const to = options.papers.find((p) => p.id === changed.paperId);
            lastPaper.current = changed.paperId;
            form.setFieldsValue(
              afterPaperChange(form.getFieldsValue(true) as ExamFormValues, options, from, to),
            );
          }
        }}
      >
        {steps.map((content, index) => (
          <div key={index} hidden={index !== step} className="exam-step" data-step={index + 1}>
            {content}
          </div>
        ))}
      </Form>
      <Flex wrap gap={8} justify="space-between" className="exam-step-buttons">
        <Button disabled={step === 0 || busy !== undefined} onClick={() => setStep(step - 1)}>
          {t('exam.edit.previous')}
        </Button>
        <Flex wrap gap={8}>
          {step < REVIEW_STEP ? (
            <Button type="primary" loading={busy === 'review'} onClick={() => void goTo(step + 1)}>
              {step + 1 === REVIEW_STEP ? t('exam.edit.toReview') : t('exam.edit.next')}
            </Button>
          ) : (
            reviewButtons()
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

interface ReviewStepProps {
  values: ExamFormValues;
  options: ExamPublishOptions;
  paper?: { name: string; subjectName: string; level: number; passScore: number };
  check?: ExamPublishCheck;
  checking: boolean;
}

/** Everything chosen, then whom the exam is for and whom it overlaps another exam for. */
function ReviewStep({ values, options, paper, check, checking }: ReviewStepProps) {
  const { t } = useTranslation();
  const levelLabel = useLevelLabel();
  const body = examBodyOf(values);
  // In the order they were created, as the candidates per batch below.
  const batchNames = options.classes
    .filter((batch) => body.classIds.includes(batch.id))
    .sort((a, b) => a.id - b.id)
    .map((batch) => batch.name);
  const notice = options.instructions.find((n) => n.id === body.instructionId);
  const items: DescriptionsProps['items'] = [
    { key: 'name', label: t('exam.fields.name'), children: body.name },
    { key: 'paper', label: t('exam.fields.paper'), children: paper?.name },
    {
      key: 'subject',
      label: t('exam.fields.jobTypeLevel'),
      children: paper && `${paper.subjectName} · ${levelLabel(paper.level as CertLevel)}`,
    },
    { key: 'pass', label: t('exam.fields.passScore'), children: paper?.passScore },
    {
      key: 'batches',
      label: t('exam.fields.classIds'),
      children: batchNames.join(t('exam.check.separator')),
    },
    {
      key: 'window',
      label: t('exam.fields.window'),
      children: localWindow(body.startAt, body.endAt),
    },
    {
      key: 'duration',
      label: t('exam.fields.durationMinutes'),
      children: t('exam.minutes', { count: body.durationMinutes }),
    },
    {
      key: 'notice',
      label: t('exam.fields.instruction'),
      children: notice?.title ?? t('exam.edit.noInstruction'),
    },
  ];
  return (
    <Flex vertical gap={16} className="exam-review">
      <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2, xl: 3 }} items={items} />
      <ExamPolicies policies={body} />
      {(checking || check) && (
        <Card size="small" title={t('exam.check.title')} className="exam-review-check">
          {check && !checking ? (
            <CandidateCheck check={check} />
          ) : (
            <Skeleton active paragraph={{ rows: 2 }} />
          )}
        </Card>
      )}
    </Flex>
  );
}
