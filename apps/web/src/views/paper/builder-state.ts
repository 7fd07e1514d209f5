import type {
  PaperBody,
  PaperMode,
  PaperQuestionView,
  PaperView,
  QuestionTypeCode,
  QuestionView,
} from '@kaoshi/shared';

/** One rule row of a section drawn by rules (difficulty: from–to, null for any). */
export interface BuilderRule {
  key: number;
  type: QuestionTypeCode;
  count: number;
  score: number;
  difficultyFrom: number | null;
  difficultyTo: number | null;
  courseId: number | null;
  pointId: number | null;
  tags: string[];
}

/** A section (大题) as the builder holds it: its questions shown in full. */
export interface BuilderSection {
  key: number;
  title: string;
  description: string;
  /** One score for every question of the section; null: each question's own. */
  score: number | null;
  questions: PaperQuestionView[];
  rules: BuilderRule[];
}

export interface BlueprintRow {
  key: number;
  type: QuestionTypeCode;
  count: number;
  score: number;
}

/** The paper's own fields, as the builder's form holds them. */
export interface PaperBasics {
  name: string;
  subjectId?: number;
  level?: number;
  description: string;
  passScore?: number;
  durationMinutes?: number;
  mode: PaperMode;
  drawPerCandidate: boolean;
}

let nextKey = 1;
/** A key for a new row or section: React lists need one that survives reordering. */
export const newKey = () => nextKey++;

export const emptySection = (title: string): BuilderSection => ({
  key: newKey(),
  title,
  description: '',
  score: null,
  questions: [],
  rules: [],
});

export const emptyRule = (type: QuestionTypeCode = 0): BuilderRule => ({
  key: newKey(),
  type,
  count: 1,
  score: 2,
  difficultyFrom: null,
  difficultyTo: null,
  courseId: null,
  pointId: null,
  tags: [],
});

/** A difficulty range in the API's words: one value, a range, or null for any. */
function ruleDifficulty(rule: BuilderRule): number | [number, number] | null {
  const from = rule.difficultyFrom ?? rule.difficultyTo;
  const to = rule.difficultyTo ?? rule.difficultyFrom;
  if (from === null || to === null) return null;
  return from === to ? from : [Math.min(from, to), Math.max(from, to)];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Points of a section: its questions, or what its rules will draw for a paper drawn per candidate. */
export function sectionTotal(section: BuilderSection, perCandidate: boolean): number {
  if (perCandidate) {
    return round2(section.rules.reduce((sum, rule) => sum + rule.count * rule.score, 0));
  }
  return round2(section.questions.reduce((sum, q) => sum + q.score, 0));
}

export const paperTotal = (sections: BuilderSection[], perCandidate: boolean) =>
  round2(sections.reduce((sum, section) => sum + sectionTotal(section, perCandidate), 0));

export const questionCount = (sections: BuilderSection[], perCandidate: boolean) =>
  sections.reduce(
    (sum, section) =>
      sum +
      (perCandidate
        ? section.rules.reduce((n, rule) => n + rule.count, 0)
        : section.questions.length),
    0,
  );

/** The body the server reads to save or draw the paper. */
export function paperBody(
  basics: PaperBasics,
  sections: BuilderSection[],
  blueprint: BlueprintRow[],
  seed: string,
): PaperBody {
  const perCandidate = basics.mode === 'rules' && basics.drawPerCandidate;
  return {
    name: basics.name ?? '',
    subjectId: basics.subjectId as number,
    level: basics.level as PaperBody['level'],
    description: basics.description ?? '',
    passScore: basics.passScore as number,
    durationMinutes: basics.durationMinutes as number,
    mode: basics.mode,
    drawPerCandidate: perCandidate,
    sections: sections.map((section) => ({
      title: section.title,
      description: section.description,
      score: section.score,
      questions: perCandidate
        ? []
        : section.questions.map((q) => ({ questionId: q.questionId, score: q.score })),
      rules:
        basics.mode === 'rules'
          ? section.rules.map((rule) => ({
              type: rule.type,
              count: rule.count,
              score: rule.score,
              difficulty: ruleDifficulty(rule),
              courseId: rule.courseId,
              pointId: rule.pointId,
              tags: rule.tags,
            }))
          : [],
    })),
    blueprint:
      basics.mode === 'blueprint'
        ? { types: blueprint.map(({ type, count, score }) => ({ type, count, score })) }
        : null,
    seed: seed || undefined,
  };
}

/** A saved paper, as the builder edits it. */
export function fromView(view: PaperView) {
  const basics: PaperBasics = {
    name: view.name,
    subjectId: view.subjectId,
    level: view.level,
    description: view.description,
    passScore: view.passScore,
    durationMinutes: view.durationMinutes,
    mode: view.mode,
    drawPerCandidate: view.drawPerCandidate,
  };
  const sections: BuilderSection[] = view.sections.map((section) => ({
    key: newKey(),
    title: section.title,
    description: section.description,
    score: section.score,
    questions: section.questions,
    rules: section.rules.map((rule) => ({
      key: newKey(),
      type: rule.type as QuestionTypeCode,
      count: rule.count,
      score: rule.score,
      difficultyFrom: rule.difficulty?.[0] ?? null,
      difficultyTo: rule.difficulty?.[1] ?? null,
      courseId: rule.courseId,
      pointId: rule.pointId,
      tags: rule.tags,
    })),
  }));
  const blueprint: BlueprintRow[] = (view.blueprint?.types ?? []).map((row) => ({
    key: newKey(),
    ...row,
  }));
  return { basics, sections, blueprint, seed: view.seed };
}

/** A bank question as a question of this paper, worth the section's score or its own. */
export const fromBank = (
  question: QuestionView,
  sectionScore: number | null,
): PaperQuestionView => ({
  questionId: question.id,
  score: sectionScore ?? question.score,
  type: question.type,
  difficulty: question.difficulty,
  courseId: question.courseId,
  courseName: question.courseName,
  pointId: question.pointId,
  pointName: question.pointName || null,
  content: question.content,
});

/** The list with the item at `from` moved to `to` (both in range). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Every question id in the paper: the picker offers none of them again. */
export const idsInPaper = (sections: BuilderSection[]) =>
  new Set(sections.flatMap((section) => section.questions.map((q) => q.questionId)));

type Tally<K> = Map<K, { count: number; points: number }>;

/** One more question of `points` under `key`. */
function tally<K>(map: Tally<K>, key: K, points: number) {
  const so = map.get(key) ?? { count: 0, points: 0 };
  map.set(key, { count: so.count + 1, points: round2(so.points + points) });
}

/** Counts of the paper's questions by type, difficulty, course and appraisal point (the statistics panel). */
export function paperFigures(sections: BuilderSection[]) {
  const byType: Tally<number> = new Map();
  const byDifficulty: Tally<number> = new Map();
  const byCourse: Tally<string> = new Map();
  const byPoint: Tally<string> = new Map();
  for (const q of sections.flatMap((section) => section.questions)) {
    tally(byType, q.type, q.score);
    tally(byDifficulty, q.difficulty, q.score);
    tally(byCourse, q.courseName, q.score);
    if (q.pointName) tally(byPoint, q.pointName, q.score);
  }
  return { byType, byDifficulty, byCourse, byPoint };
}
