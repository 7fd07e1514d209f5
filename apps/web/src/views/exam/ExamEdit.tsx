import { ArrowLeftOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import type { ExamPublishCheck, ExamPublishOptions, ExamView } from '@kaoshi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Grid, Result, Steps, Typography } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusyWork } from '../../utils/use-busy-work';
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
import { EXAM_LIST_PATH, examDetailPath, examKeys } from '../../components/exam/exam-routes';
import { ExamStateTag } from '../../components/exam/ExamStateTag';
import { PageLoading } from '../../components/PageLoading';
import { withoutFieldLabel } from '../../utils/server-error';
import {
  DEFAULT_FORM_VALUES,
  REVIEW_STEP,
  STEP_FIELDS,
  afterPaperChange,
  batchesFor,
  examBodyOf,
  formFieldOf,
  formValuesOf,
  isLocked,
  noticesFor,
  paperChoicesOf,
  paperFactsOf,
  stepOf,
  type ExamFormField,
  type ExamFormValues,
} from './exam-form';
import { ExamPolicyStep } from './ExamPolicyStep';
import { ExamReviewStep } from './ExamReviewStep';
import { ExamBatchStep, ExamPaperStep, ExamWindowStep } from './ExamSteps';
import { useExamActions } from './use-exam-actions';
import './exam.css';

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
  const actions = useExamActions();
  const [form] = Form.useForm<ExamFormValues>();
  const [initial] = useState<ExamFormValues>(() =>
    saved ? formValuesOf(saved) : DEFAULT_FORM_VALUES,
  );
  const [examId, setExamId] = useState(id);
  const [step, setStep] = useState(0);
  const [reviewed, setReviewed] = useState<ExamFormValues>();
  const [check, setCheck] = useState<ExamPublishCheck>();
  const { busy, problem, setProblem, run } = useBusyWork<Busy>();
  const lastPaper = useRef(initial.paperId);

  const paperId = Form.useWatch('paperId', form) ?? initial.paperId;
  const scoring = Form.useWatch('multipleScoring', form) ?? initial.multipleScoring;
  const classIds = Form.useWatch('classIds', form) ?? initial.classIds;
  const paperFacts = paperFactsOf(options, paperId, saved);
  const batches = batchesFor(options, paperFacts);

  const editable = saved?.editable ?? 'all';
  const isDraft = !saved || saved.state === 'draft';
  const readOnly = editable === 'none';
  const locked = (field: ExamFormField) => isLocked(editable, field);

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

  const running = (what: Busy, work: () => Promise<void>) => run(what, work, report);

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

  const lockedNote =
    editable === 'none'
      ? t('exam.edit.closedNote')
      : editable === 'open'
        ? t('exam.edit.openNote')
        : saved && !isDraft
          ? t('exam.edit.publishedNote')
          : undefined;

  const steps: ReactNode[] = [
    <ExamPaperStep
      key="paper"
      choices={paperChoicesOf(options, saved)}
      paper={paperFacts}
      locked={locked}
    />,
    <ExamBatchStep
      key="batches"
      batches={batches}
      kept={editable === 'open' ? new Set(initial.classIds) : undefined}
      paper={paperFacts}
      locked={locked}
    />,
    <ExamWindowStep
      key="window"
      batches={batches}
      classIds={classIds}
      paper={paperFacts}
      savedEnd={editable === 'open' ? saved?.endAt : undefined}
      locked={locked}
    />,
    <ExamPolicyStep
      key="policies"
      notices={noticesFor(options, paperFacts)}
      paper={paperFacts}
      scoring={scoring}
      locked={locked}
    />,
    reviewed && (
      <ExamReviewStep
        key="review"
        values={reviewed}
        options={options}
        paper={paperFacts}
        check={check}
        checking={busy === 'review'}
      />
    ),
  ];

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
