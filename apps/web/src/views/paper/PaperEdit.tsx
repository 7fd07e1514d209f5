import {
  ArrowLeftOutlined,
  PlusOutlined,
  SaveOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  PAPER_SECTION_MAX,
  PaperAudit,
  type CertLevel,
  type PaperStatistics,
  type PaperView,
} from '@kaoshi/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Flex, Form, Grid, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusyWork } from '../../utils/use-busy-work';
import { useNavigate, useSearchParams } from 'react-router';
import { addPaper, drawPaper, getPaper, swapPaperQuestion, updatePaper } from '../../api/paper';
import { ApiError } from '../../api/request';
import { PageLoading } from '../../components/PageLoading';
import { useAllJobTypes } from '../../components/structure/queries';
import { blamedField, withoutFieldLabel } from '../../utils/server-error';
import { BankPicker } from './BankPicker';
import { BlueprintCard } from './BlueprintCard';
import {
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
import { PaperSectionCard } from './PaperSectionCard';
import { PaperSettings } from './PaperSettings';
import { PAPER_EDIT_PATH, PAPER_LIST_PATH, paperKeys } from '../../components/paper/paper-routes';

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
  const { busy, problem, setProblem, run } = useBusyWork<string>();
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

  const running = (what: string, work: () => Promise<void>) => run(what, work, report);

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
          <PaperSettings
            subjectId={subjectId}
            levels={levels}
            mode={mode}
            perCandidate={perCandidate}
            onModeChange={() => setCoverage(undefined)}
          />
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
              <BlueprintCard
                blueprint={blueprint}
                setBlueprint={setBlueprint}
                drawing={busy === 'draw'}
                placed={placed}
                onDraw={() => void draw()}
              />
            )}
            {sections.map((section, s) => (
              <PaperSectionCard
                key={section.key}
                section={section}
                index={s}
                sectionCount={sections.length}
                mode={mode}
                perCandidate={perCandidate}
                placed={placed}
                subjectId={subjectId}
                level={level}
                drawing={busy === `draw-${s}`}
                onChange={(change) => updateSection(s, change)}
                onMoveUp={() => setSections((current) => moved(current, s, s - 1))}
                onRemove={() => setSections((current) => current.filter((_x, i) => i !== s))}
                onDraw={() => void draw(s)}
                onSwap={(index) => void swap(s, index)}
                onPick={() => setPicking(s)}
              />
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
