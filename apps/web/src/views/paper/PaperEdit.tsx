import {
  ArrowLeftOutlined,
  DeleteOutlined,
  PlusOutlined,
  SaveOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  PAPER_DESCRIPTION_MAX,
  PAPER_DURATION_MAX,
  PAPER_MODES,
  PAPER_NAME_MAX,
  PAPER_SECTION_MAX,
  PAPER_SECTION_TITLE_MAX,
  PAPER_TOTAL_MAX,
  PaperAudit,
  QUESTION_TYPES,
  type CertLevel,
  type PaperStatistics,
  type PaperView,
  type QuestionTypeCode,
} from '@kaoshi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Row,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { addPaper, drawPaper, getPaper, swapPaperQuestion, updatePaper } from '../../api/paper';
import { ApiError } from '../../api/request';
import { PageLoading } from '../../components/PageLoading';
import { LevelSelect } from '../../components/structure';
import { blamedField, withoutFieldLabel } from '../../utils/server-error';
import { useCodeLabel } from '../../utils/use-code-label';
import { AnyJobTypeSelect } from '../question/AnyJobTypeSelect';
import { useAllJobTypes } from '../question/queries';
import { BankPicker } from './BankPicker';
import {
  emptyRule,
  emptySection,
  fromBank,
  fromView,
  idsInPaper,
  moved,
  newKey,
  paperBody,
  paperTotal,
  questionCount,
  type BlueprintRow,
  type BuilderSection,
  type PaperBasics,
} from './builder-state';
import { PaperAuditTag } from './PaperAuditTag';
import { PaperFigures } from './PaperFigures';
import { PAPER_EDIT_PATH, PAPER_LIST_PATH, paperKeys } from './paper-routes';
import { RulesTable } from './RulesTable';
import { SectionQuestions } from './SectionQuestions';

/** The basics the server may blame by name: shown under their field. */
const BASIC_FIELDS = [
  'name',
  'subjectId',
  'level',
  'description',
  'passScore',
  'durationMinutes',
  'drawPerCandidate',
] as const;

const DEFAULT_BASICS: PaperBasics = {
  name: '',
  description: '',
  mode: 'manual',
  drawPerCandidate: false,
  durationMinutes: 90,
};

/**
 * The paper builder (?id=N edits paper N): the paper's fields, its sections filled by hand from
 * the bank, by rules or by the appraisal-point blueprint, the draw, and the figures as it grows.
 */
export default function PaperEdit() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const saved = useQuery({
    queryKey: paperKeys.one(id ?? 0),
    queryFn: () => getPaper(id!),
    enabled: id !== undefined,
    // The builder edits its own copy: no refetch behind the author's back.
    staleTime: Infinity,
    gcTime: 0,
  });
  if (id !== undefined && !saved.data) return saved.isError ? null : <PageLoading />;
  return <PaperBuilder key={id ?? 'new'} id={id} saved={saved.data} />;
}

interface PaperBuilderProps {
  id?: number;
  /** The saved paper being edited; none for a new one. */
  saved?: PaperView;
}

function PaperBuilder({ id, saved }: PaperBuilderProps) {
  const [initial] = useState(() => (saved ? fromView(saved) : undefined));
  const audit = saved;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const codeLabel = useCodeLabel();
  const [form] = Form.useForm<PaperBasics>();
  const [sections, setSections] = useState<BuilderSection[]>(
    initial?.sections ?? [emptySection(t('paper.section.defaultTitle', { number: 1 }))],
  );
  const [blueprint, setBlueprint] = useState<BlueprintRow[]>(initial?.blueprint ?? []);
  const [seed, setSeed] = useState(initial?.seed ?? '');
  // A saved blueprint paper shows its coverage until the next draw.
  const [coverage, setCoverage] = useState<PaperStatistics['byPoint'] | undefined>(
    saved?.statistics.byPoint,
  );
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const [picking, setPicking] = useState<number>();
  const subjectId = Form.useWatch('subjectId', form);
  const level = Form.useWatch('level', form) as CertLevel | undefined;
  const mode = Form.useWatch('mode', form) ?? initial?.basics.mode ?? 'manual';
  const perCandidate = (Form.useWatch('drawPerCandidate', form) ?? false) && mode === 'rules';
  const passScore = Form.useWatch('passScore', form);
  const jobTypes = useAllJobTypes();
  const levels = jobTypes.data?.find((jobType) => jobType.id === subjectId)?.levels;
  const placed = subjectId !== undefined && level !== undefined;
  const total = paperTotal(sections, perCandidate);
  const count = questionCount(sections, perCandidate);

  const sectionLabel = (index: number) => t('paper.section.label', { number: index + 1 });
  const updateSection = (index: number, change: Partial<BuilderSection>) =>
    setSections((current) =>
      current.map((section, s) => (s === index ? { ...section, ...change } : section)),
    );

  /** The body of what is on screen, after the basics pass the form's own checks. */
  const body = async () => {
    const basics = await form.validateFields();
    return paperBody({ ...DEFAULT_BASICS, ...basics }, sections, blueprint, seed);
  };

  /** Shows a refusal under the basic field it names, else above the sections (a shortfall). */
  const report = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    const field = blamedField(error, BASIC_FIELDS);
    if (field) {
      form.setFields([{ name: field, errors: [withoutFieldLabel(error.message)] }]);
      form.scrollToField(field);
      return;
    }
    // The section or rule is named in the message itself: the field's label would only repeat it.
    setProblem(error.field ? withoutFieldLabel(error.message) : error.message);
  };

  const running = async (what: string, work: () => Promise<void>) => {
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

  const draw = (section?: number) =>
    running(section === undefined ? 'draw' : `draw-${section}`, async () => {
      const drawn = await drawPaper(await body(), section, { quiet: true });
      setSeed(drawn.seed);
      setCoverage(mode === 'blueprint' ? drawn.statistics.byPoint : undefined);
      setSections((current) =>
        mode === 'blueprint'
          ? drawn.sections.map((result, s) => ({
              key: current[s]?.key ?? newKey(),
              title: current[s]?.title ?? result.title,
              description: current[s]?.description ?? '',
              score: result.score,
              rules: [],
              questions: result.questions,
            }))
          : current.map((old, s) =>
              section === undefined || section === s
                ? { ...old, questions: drawn.sections[s]?.questions ?? [] }
                : old,
            ),
      );
      message.success(t('paper.draw.done'));
    });

  const swap = (section: number, index: number) =>
    running(`swap-${section}-${index}`, async () => {
      const question = sections[section]!.questions[index]!;
      const other = await swapPaperQuestion(await body(), section, question.questionId);
      updateSection(section, {
        questions: sections[section]!.questions.map((q, i) => (i === index ? other : q)),
      });
      message.success(t('paper.draw.swapped', { from: question.questionId, to: other.questionId }));
    });

  const save = () =>
    running('save', async () => {
      const paper = await body();
      if (id === undefined) {
        const { id: created } = await addPaper(paper, { quiet: true });
        message.success(t('paper.edit.added'));
        void queryClient.invalidateQueries({ queryKey: paperKeys.all });
        navigate(`${PAPER_EDIT_PATH}?id=${created}`, {
          replace: true,
        });
      } else {
        await updatePaper(id, paper, { quiet: true });
        message.success(
          audit?.auditStatus === PaperAudit.PASSED
            ? t('paper.edit.savedToReview')
            : t('common.saved'),
        );
        void queryClient.invalidateQueries({ queryKey: paperKeys.list });
      }
    });

  const modeHelp = t(`paper.modeHelp.${mode}`);
  const blueprintColumns = [
    {
      title: t('question.fields.type'),
      key: 'type',
      render: (_: unknown, row: BlueprintRow, index: number) => (
        <Select
          size="small"
          style={{ width: 140 }}
          value={row.type}
          aria-label={t('paper.blueprint.fieldOf', {
            field: t('question.fields.type'),
            row: index + 1,
          })}
          options={QUESTION_TYPES.map((code) => ({
            value: code,
            label: codeLabel('questionType', code),
          }))}
          onChange={(type: QuestionTypeCode) =>
            setBlueprint((rows) => rows.map((r, i) => (i === index ? { ...r, type } : r)))
          }
        />
      ),
    },
    {
      title: t('paper.rules.count'),
      key: 'count',
      render: (_: unknown, row: BlueprintRow, index: number) => (
        <InputNumber
          size="small"
          min={1}
          max={200}
          precision={0}
          value={row.count}
          aria-label={t('paper.blueprint.fieldOf', {
            field: t('paper.rules.count'),
            row: index + 1,
          })}
          onChange={(value) =>
            value !== null &&
            setBlueprint((rows) => rows.map((r, i) => (i === index ? { ...r, count: value } : r)))
          }
        />
      ),
    },
    {
      title: t('paper.rules.score'),
      key: 'score',
      render: (_: unknown, row: BlueprintRow, index: number) => (
        <InputNumber
          size="small"
          min={0.01}
          max={1000}
          step={0.5}
          precision={2}
          value={row.score}
          aria-label={t('paper.blueprint.fieldOf', {
            field: t('paper.rules.score'),
            row: index + 1,
          })}
          onChange={(value) =>
            value !== null &&
            setBlueprint((rows) => rows.map((r, i) => (i === index ? { ...r, score: value } : r)))
          }
        />
      ),
    },
    {
      key: 'remove',
      render: (_: unknown, _row: BlueprintRow, index: number) => (
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('paper.blueprint.remove', { row: index + 1 })}
          onClick={() => setBlueprint((rows) => rows.filter((_r, i) => i !== index))}
        />
      ),
    },
  ];

  return (
    <Flex vertical gap={16} className="paper-builder">
      <Card size={screens.sm ? undefined : 'small'}>
        <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 16 }}>
          <Flex gap={8} align="center" wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(PAPER_LIST_PATH)}>
              {t('paper.edit.back')}
            </Button>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {id === undefined ? t('paper.edit.newTitle') : t('paper.edit.title', { id })}
            </Typography.Title>
            {audit && <PaperAuditTag paper={audit} />}
          </Flex>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={busy === 'save'}
            onClick={() => void save()}
          >
            {t('paper.edit.save')}
          </Button>
        </Flex>
        {audit?.auditStatus === PaperAudit.PASSED && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('paper.edit.passedNote')}
          />
        )}
        <Form<PaperBasics>
          form={form}
          name="paperForm"
          layout="vertical"
          initialValues={initial?.basics ?? DEFAULT_BASICS}
          onValuesChange={(changed) => {
            if ('subjectId' in changed) {
              const jobType = jobTypes.data?.find((j) => j.id === changed.subjectId);
              form.setFieldsValue({
                level: jobType?.levels.length === 1 ? jobType.levels[0] : undefined,
              });
            }
          }}
        >
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Form.Item
                name="name"
                label={t('paper.fields.name')}
                rules={[
                  { required: true, whitespace: true, message: t('paper.edit.nameRequired') },
                ]}
              >
                <Input maxLength={PAPER_NAME_MAX} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                name="subjectId"
                label={t('school.select.jobType')}
                rules={[{ required: true, message: t('paper.edit.jobTypeRequired') }]}
              >
                <AnyJobTypeSelect />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Form.Item
                name="level"
                label={t('paper.fields.level')}
                rules={[{ required: true, message: t('paper.edit.levelRequired') }]}
              >
                <LevelSelect
                  levels={levels}
                  waitingFor={subjectId === undefined ? t('school.select.jobTypeFirst') : undefined}
                />
              </Form.Item>
            </Col>
            <Col xs={12} sm={8} lg={4}>
              <Form.Item
                name="passScore"
                label={t('paper.fields.passScore')}
                rules={[{ required: true, message: t('paper.edit.passRequired') }]}
              >
                <InputNumber
                  min={0}
                  max={PAPER_TOTAL_MAX}
                  precision={2}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={12} sm={8} lg={4}>
              <Form.Item
                name="durationMinutes"
                label={t('paper.fields.durationMinutes')}
                rules={[{ required: true, message: t('paper.edit.durationRequired') }]}
              >
                <InputNumber
                  min={1}
                  max={PAPER_DURATION_MAX}
                  precision={0}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8} lg={16}>
              <Form.Item name="description" label={t('paper.fields.description')}>
                <Input.TextArea
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  maxLength={PAPER_DESCRIPTION_MAX}
                />
              </Form.Item>
            </Col>
          </Row>
          <Flex wrap gap={16} align="center">
            <Form.Item name="mode" label={t('paper.fields.mode')} style={{ marginBottom: 8 }}>
              <Segmented
                options={PAPER_MODES.map((value) => ({ value, label: t(`paper.modes.${value}`) }))}
                onChange={() => setCoverage(undefined)}
              />
            </Form.Item>
            {mode === 'rules' && (
              <Flex gap={8} align="center">
                <Form.Item name="drawPerCandidate" valuePropName="checked" noStyle>
                  <Switch id="paper-per-candidate" />
                </Form.Item>
                <label htmlFor="paper-per-candidate">{t('paper.fields.drawPerCandidate')}</label>
              </Flex>
            )}
          </Flex>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {perCandidate ? t('paper.modeHelp.perCandidate') : modeHelp}
          </Typography.Paragraph>
        </Form>
      </Card>

      {problem && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="paper-problem"
          message={problem}
          closable
          onClose={() => setProblem(undefined)}
        />
      )}

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={17}>
          <Flex vertical gap={16}>
            {mode === 'blueprint' && (
              <Card
                size="small"
                title={t('paper.blueprint.title')}
                className="paper-blueprint"
                extra={
                  <Button
                    type="primary"
                    icon={<ThunderboltOutlined />}
                    loading={busy === 'draw'}
                    disabled={!placed || blueprint.length === 0}
                    onClick={() => void draw()}
                  >
                    {t('paper.draw.blueprint')}
                  </Button>
                }
              >
                <Table<BlueprintRow>
                  size="small"
                  rowKey="key"
                  pagination={false}
                  dataSource={blueprint}
                  columns={blueprintColumns}
                  locale={{ emptyText: t('paper.blueprint.empty') }}
                  scroll={{ x: 'max-content' }}
                />
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  style={{ marginTop: 8 }}
                  onClick={() =>
                    setBlueprint((rows) => [
                      ...rows,
                      {
                        key: newKey(),
                        type: QUESTION_TYPES[rows.length % QUESTION_TYPES.length]!,
                        count: 10,
                        score: 1,
                      },
                    ])
                  }
                >
                  {t('paper.blueprint.add')}
                </Button>
              </Card>
            )}
            {sections.map((section, s) => (
              <Card
                key={section.key}
                size="small"
                className="paper-section"
                data-section={s + 1}
                title={
                  <Flex gap={8} align="center" wrap>
                    <span>{sectionLabel(s)}</span>
                    <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                      {t('paper.section.summary', {
                        count: perCandidate
                          ? section.rules.reduce((n, r) => n + r.count, 0)
                          : section.questions.length,
                        points: paperTotal([section], perCandidate),
                      })}
                    </Typography.Text>
                  </Flex>
                }
                extra={
                  mode !== 'blueprint' && (
                    <Space size={4} wrap>
                      <Button
                        size="small"
                        icon={<ArrowLeftOutlined rotate={90} />}
                        aria-label={t('paper.section.moveUp', { section: sectionLabel(s) })}
                        disabled={s === 0}
                        onClick={() => setSections((current) => moved(current, s, s - 1))}
                      />
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('paper.section.remove', { section: sectionLabel(s) })}
                        disabled={sections.length === 1}
                        onClick={() => setSections((current) => current.filter((_x, i) => i !== s))}
                      />
                    </Space>
                  )
                }
              >
                <Flex vertical gap={12}>
                  <Row gutter={12}>
                    <Col xs={24} md={10}>
                      <Input
                        value={section.title}
                        maxLength={PAPER_SECTION_TITLE_MAX}
                        addonBefore={t('paper.section.title')}
                        aria-label={t('paper.section.titleOf', { section: sectionLabel(s) })}
                        onChange={(event) => updateSection(s, { title: event.target.value })}
                      />
                    </Col>
                    <Col xs={24} md={8}>
                      <Input
                        value={section.description}
                        maxLength={PAPER_DESCRIPTION_MAX}
                        placeholder={t('paper.section.description')}
                        aria-label={t('paper.section.descriptionOf', { section: sectionLabel(s) })}
                        onChange={(event) => updateSection(s, { description: event.target.value })}
                      />
                    </Col>
                    {mode === 'manual' && (
                      <Col xs={24} md={6}>
                        <InputNumber
                          value={section.score}
                          min={0.01}
                          max={1000}
                          precision={2}
                          placeholder={t('paper.section.ownScores')}
                          addonBefore={t('paper.section.oneScore')}
                          aria-label={t('paper.section.oneScoreOf', { section: sectionLabel(s) })}
                          style={{ width: '100%' }}
                          onChange={(value) =>
                            updateSection(s, {
                              score: value,
                              questions:
                                value === null
                                  ? section.questions
                                  : section.questions.map((q) => ({ ...q, score: value })),
                            })
                          }
                        />
                      </Col>
                    )}
                  </Row>
                  {mode === 'rules' && (
                    <>
                      <RulesTable
                        sectionLabel={sectionLabel(s)}
                        rules={section.rules}
                        subjectId={subjectId}
                        level={level}
                        onChange={(index, rule) =>
                          updateSection(s, {
                            rules: section.rules.map((r, i) => (i === index ? rule : r)),
                          })
                        }
                        onRemove={(index) =>
                          updateSection(s, { rules: section.rules.filter((_r, i) => i !== index) })
                        }
                      />
                      <Flex gap={8} wrap>
                        <Button
                          type="dashed"
                          icon={<PlusOutlined />}
                          onClick={() =>
                            updateSection(s, {
                              rules: [...section.rules, emptyRule(section.rules.at(-1)?.type ?? 0)],
                            })
                          }
                        >
                          {t('paper.rules.add')}
                        </Button>
                        <Button
                          icon={<ThunderboltOutlined />}
                          loading={busy === `draw-${s}`}
                          disabled={!placed || section.rules.length === 0}
                          onClick={() => void draw(s)}
                        >
                          {perCandidate ? t('paper.draw.sample') : t('paper.draw.section')}
                        </Button>
                      </Flex>
                    </>
                  )}
                  {(!perCandidate || section.questions.length > 0) && (
                    <SectionQuestions
                      sectionLabel={sectionLabel(s)}
                      questions={section.questions}
                      sectionScore={mode === 'manual' ? section.score : null}
                      readOnly={perCandidate || mode === 'blueprint'}
                      onScore={(index, score) =>
                        updateSection(s, {
                          questions: section.questions.map((q, i) =>
                            i === index ? { ...q, score } : q,
                          ),
                        })
                      }
                      onMove={(from, to) =>
                        updateSection(s, { questions: moved(section.questions, from, to) })
                      }
                      onRemove={(index) =>
                        updateSection(s, {
                          questions: section.questions.filter((_q, i) => i !== index),
                        })
                      }
                      onSwap={mode === 'rules' ? (index) => void swap(s, index) : undefined}
                    />
                  )}
                  {mode === 'manual' && (
                    <Button
                      type="dashed"
                      icon={<PlusOutlined />}
                      disabled={!placed}
                      onClick={() => setPicking(s)}
                      title={placed ? undefined : t('paper.edit.placeFirst')}
                    >
                      {t('paper.section.pick')}
                    </Button>
                  )}
                </Flex>
              </Card>
            ))}
            {mode !== 'blueprint' && sections.length < PAPER_SECTION_MAX && (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() =>
                  setSections((current) => [
                    ...current,
                    emptySection(t('paper.section.defaultTitle', { number: current.length + 1 })),
                  ])
                }
              >
                {t('paper.section.add')}
              </Button>
            )}
            {mode === 'rules' && !perCandidate && sections.length > 1 && (
              <Button
                icon={<ThunderboltOutlined />}
                loading={busy === 'draw'}
                disabled={!placed}
                onClick={() => void draw()}
              >
                {t('paper.draw.all')}
              </Button>
            )}
          </Flex>
        </Col>
        <Col xs={24} xl={7}>
          <PaperFigures
            sections={sections}
            total={total}
            count={count}
            passScore={passScore}
            coverage={mode === 'blueprint' ? coverage : undefined}
            perCandidate={perCandidate}
          />
        </Col>
      </Row>
      {picking !== undefined && placed && (
        <BankPicker
          open
          subjectId={subjectId}
          level={level}
          taken={idsInPaper(sections)}
          onPick={(questions) => {
            const section = sections[picking]!;
            updateSection(picking, {
              questions: [
                ...section.questions,
                ...questions.map((q) => fromBank(q, section.score)),
              ],
            });
          }}
          onClose={() => setPicking(undefined)}
        />
      )}
    </Flex>
  );
}
