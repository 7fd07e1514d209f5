import {
  KnowledgeType,
  MESSAGE_LANGUAGES,
  QUESTION_TYPE_WORDS,
  localized,
  scoreFromHundredths,
  scoreToHundredths,
  type Localized,
  type PaperInput,
  type PaperQuestionView,
  type PaperRuleInput,
  type PaperSectionView,
  type PaperStatistics,
  type QuestionTypeCode,
} from '@kaoshi/shared';
import { invalid } from '../../errors.js';
import { parseJson } from '../../lib/json.js';
import {
  planBlueprint,
  type BlueprintPoint,
  type DrawRule,
  type Importance,
  type PoolQuestion,
} from './draw.js';
import type { PaperRepository } from './paper.repository.js';

type KnowledgeRow = Awaited<ReturnType<PaperRepository['knowledge']>>[number];
export type QuestionRow = Awaited<ReturnType<PaperRepository['questions']>>[number];

/** A paper's structure: its courses and points by id. */
export interface Structure {
  subjectName: string;
  courses: Map<number, KnowledgeRow>;
  points: Map<number, KnowledgeRow>;
}

export const asRule = (rule: PaperRuleInput): DrawRule => ({
  type: rule.type,
  count: rule.count,
  difficulty: rule.difficulty,
  courseId: rule.courseId,
  pointId: rule.pointId,
  tags: rule.tags,
});
export const toPool = (
  row: Awaited<ReturnType<PaperRepository['pool']>>[number],
): PoolQuestion => ({
  id: row.id,
  type: row.type,
  difficulty: row.difficulty,
  courseId: row.course_id,
  pointId: row.point_id,
  tags: row.tags === undefined || row.tags === '[]' ? [] : parseJson<string[]>(row.tags, []),
});

/** What the pool must be read with to meet these rules (or blueprint types). */
export const poolFor = (rules: readonly { type: number; tags?: readonly string[] }[]) => ({
  types: [...new Set(rules.map((r) => r.type))],
  tags: rules.some((r) => (r.tags?.length ?? 0) > 0),
});

/** Parts of a message joined as each language writes a list. */
export const joinLocalized = (parts: Localized[], separator: Partial<Localized> = {}): Localized =>
  Object.fromEntries(
    MESSAGE_LANGUAGES.map((language) => [
      language,
      parts
        .map((part) => part[language])
        .join(separator[language] ?? (language === 'zh' || language === 'ja' ? '，' : ', ')),
    ]),
  ) as Localized;

export const typeName = (type: number): Localized =>
  Object.fromEntries(
    MESSAGE_LANGUAGES.map((language) => [
      language,
      QUESTION_TYPE_WORDS[language][type as QuestionTypeCode]?.[0] ?? String(type),
    ]),
  ) as Localized;

/** "single choice, difficulty 3, course 电工基础" in every language. */
function describeRule(rule: DrawRule, structure: Structure): Localized {
  const parts: Localized[] = [typeName(rule.type)];
  if (rule.difficulty) {
    const [low, high] = rule.difficulty;
    parts.push(
      low === high
        ? localized('ruleDifficultyOne', { value: low })
        : localized('ruleDifficultyRange', { low, high }),
    );
  }
  if (rule.courseId !== null) {
    const name = structure.courses.get(rule.courseId)?.name ?? String(rule.courseId);
    parts.push(localized('ruleCourse', { name }));
  }
  if (rule.pointId !== null) {
    const name = structure.points.get(rule.pointId)?.name ?? String(rule.pointId);
    parts.push(localized('rulePoint', { name }));
  }
  if (rule.tags.length > 0) parts.push(localized('ruleTags', { tags: rule.tags.join(', ') }));
  return joinLocalized(parts);
}

/** The paper's figures: by type, difficulty, course and point (planned: the blueprint's plan). */
export function statisticsOf(
  sections: PaperSectionView[],
  structure: Structure,
  planned: Map<number, number> = new Map(),
): PaperStatistics {
  const questions = sections.flatMap((section) => section.questions);
  const tally = <K>(key: (q: PaperQuestionView) => K) => {
    const map = new Map<K, { count: number; points: number }>();
    for (const q of questions) {
      const entry = map.get(key(q)) ?? { count: 0, points: 0 };
      entry.count += 1;
      entry.points = scoreFromHundredths(
        scoreToHundredths(entry.points) + scoreToHundredths(q.score),
      );
      map.set(key(q), entry);
    }
    return map;
  };
  const byType = [...tally((q) => q.type)]
    .map(([type, v]) => ({ type, ...v }))
    .sort((a, b) => a.type - b.type);
  const byDifficulty = [...tally((q) => q.difficulty)]
    .map(([difficulty, v]) => ({ difficulty, count: v.count }))
    .sort((a, b) => a.difficulty - b.difficulty);
  const courseTally = tally((q) => q.courseId);
  const byCourse = [...structure.courses.values()]
    .filter((course) => courseTally.has(course.id))
    .map((course) => ({ courseId: course.id, name: course.name, ...courseTally.get(course.id)! }));
  const pointTally = tally((q) => q.pointId);
  const byPoint = [...structure.points.values()]
    .filter((point) => pointTally.has(point.id) || (planned.get(point.id) ?? 0) > 0)
    .map((point) => ({
      pointId: point.id,
      name: point.name,
      courseId: point.parent_id ?? 0,
      importance: point.importance,
      planned: planned.get(point.id) ?? 0,
      drawn: pointTally.get(point.id)?.count ?? 0,
    }));
  const total = sections.reduce((sum, section) => sum + scoreToHundredths(section.total), 0);
  return {
    byType,
    byDifficulty,
    byCourse,
    byPoint,
    questionCount: questions.length,
    total: scoreFromHundredths(total),
  };
}

/**
 * A paper's structure (the job type's courses and points at the level), the checks of a paper
 * body's place and rules against it, and its sections as staff read them.
 */
export class PaperStructures {
  constructor(private readonly papers: PaperRepository) {}

  rulesTotal(rules: PaperRuleInput[]): number {
    return rules.reduce((sum, rule) => sum + rule.count * scoreToHundredths(rule.score), 0);
  }

  sectionView(
    section: Omit<PaperSectionView, 'questions' | 'total'>,
    questions: { question: QuestionRow; score: number }[],
  ): PaperSectionView {
    const total =
      section.rules.length > 0 && questions.length === 0
        ? 0
        : questions.reduce((sum, q) => sum + q.score, 0);
    return {
      ...section,
      questions: questions.map(({ question, score }) => ({
        questionId: question.id,
        score: scoreFromHundredths(score),
        type: question.type as QuestionTypeCode,
        difficulty: question.difficulty,
        courseId: question.course_id,
        courseName: question.course_name,
        pointId: question.point_id,
        pointName: question.point_name,
        content: question.content,
      })),
      total: scoreFromHundredths(total),
    };
  }

  async structure(subjectId: number, level: number, subjectName: string): Promise<Structure> {
    const rows = await this.papers.knowledge(subjectId, level);
    return {
      subjectName,
      courses: new Map(rows.filter((r) => r.type === KnowledgeType.COURSE).map((r) => [r.id, r])),
      points: new Map(rows.filter((r) => r.type === KnowledgeType.POINT).map((r) => [r.id, r])),
    };
  }

  /** The job type must exist and have the level; answers its structure. */
  async checkPlace(input: { subjectId: number; level: number }): Promise<Structure> {
    const subject = await this.papers.findSubject(input.subjectId);
    if (!subject) throw invalid('subjectId', 'noSuchSubject', { id: input.subjectId });
    if (!subject.levels.split(',').map(Number).includes(input.level)) {
      throw invalid('level', 'subjectHasNoLevel', { name: subject.name, level: input.level });
    }
    return this.structure(subject.id, input.level, subject.name);
  }

  /** Every rule's course and point belong to the job type and level (the point to the course, if given). */
  checkRules(input: PaperInput, structure: Structure) {
    input.sections.forEach((section, s) =>
      section.rules.forEach((rule, r) => {
        const where = { section: s + 1, rule: r + 1 };
        if (rule.courseId !== null && !structure.courses.has(rule.courseId)) {
          throw invalid(`sections.${s}.rules.${r}.courseId`, 'paperRuleCourse', {
            ...where,
            id: rule.courseId,
          });
        }
        const point = rule.pointId === null ? undefined : structure.points.get(rule.pointId);
        if (
          rule.pointId !== null &&
          (!point || (rule.courseId !== null && point.parent_id !== rule.courseId))
        ) {
          throw invalid(`sections.${s}.rules.${r}.pointId`, 'paperRulePoint', {
            ...where,
            id: rule.pointId,
          });
        }
      }),
    );
  }

  /** 10002 naming every rule the bank cannot meet, with what it needs and what it holds. */
  shortfallError(
    shortfalls: { section: number; rule: number; needs: number; available: number }[],
    sections: readonly (readonly DrawRule[])[],
    structure: Structure,
  ) {
    const list = shortfalls.map((s) =>
      localized('shortfallRule', {
        section: s.section + 1,
        rule: s.rule + 1,
        what: describeRule(sections[s.section]![s.rule]!, structure),
        needs: s.needs,
        available: s.available,
      }),
    );
    return invalid('sections', 'paperShortfall', {
      list: joinLocalized(list, { zh: '；', ja: '；', en: '; ', es: '; ' }),
    });
  }

  /**
   * The points a blueprint spreads over, by their weight (a course's points add up to 100 % at
   * most, so courses whose points are fully weighted count alike); no importance counts as Y.
   */
  blueprintPoints(structure: Structure): BlueprintPoint[] {
    return [...structure.points.values()]
      .filter((point) => point.weight > 0)
      .map((point) => ({
        id: point.id,
        courseId: point.parent_id ?? 0,
        importance: (['X', 'Y', 'Z'].includes(point.importance ?? '')
          ? point.importance
          : 'Y') as Importance,
        weight: point.weight,
      }));
  }

  async plannedTotals(
    subjectId: number,
    level: number,
    types: { count: number }[],
  ): Promise<Map<number, number>> {
    const structure = await this.structure(subjectId, level, '');
    const plan = planBlueprint(
      this.blueprintPoints(structure),
      types.map((t) => t.count),
    );
    const totals = new Map<number, number>();
    for (const byPoint of plan) {
      for (const [pointId, count] of byPoint)
        totals.set(pointId, (totals.get(pointId) ?? 0) + count);
    }
    return totals;
  }
}
