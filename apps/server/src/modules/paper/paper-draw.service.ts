import { randomBytes } from 'node:crypto';
import {
  localized,
  scoreToHundredths,
  type Localized,
  type MessageLanguage,
  type PaperInput,
  type PaperQuestionView,
  type PaperRuleInput,
  type PaperDraw,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import { invalid } from '../../errors.js';
import {
  drawByRules,
  matchesRule,
  planBlueprint,
  pick,
  seededRandom,
  swapCandidate,
} from './draw.js';
import { PaperRepository } from './paper.repository.js';
import {
  PaperStructures,
  asRule,
  joinLocalized,
  poolFor,
  statisticsOf,
  toPool,
  typeName,
} from './paper-structure.js';

const newSeed = () => randomBytes(8).toString('hex');

/** Drawing a paper's questions by its rules or blueprint, and swapping one drawn question. */
export class PaperDrawService {
  private readonly papers: PaperRepository;
  private readonly structures: PaperStructures;

  constructor(db: Db) {
    this.papers = new PaperRepository(db);
    this.structures = new PaperStructures(this.papers);
  }

  /**
   * Draws the questions of a paper being built (rules or blueprint), without writing: every
   * section, or only `section` (the others' questions stay and are not drawn again).
   */
  async draw(
    input: PaperInput & { section?: number },
    language: MessageLanguage,
  ): Promise<PaperDraw> {
    const structure = await this.structures.checkPlace(input);
    this.structures.checkRules(input, structure);
    const seed = input.seed ?? newSeed();
    const types =
      input.mode === 'blueprint'
        ? (input.blueprint?.types ?? [])
        : input.sections.flatMap((section) => section.rules);
    const pool = (await this.papers.pool(input.subjectId, input.level, poolFor(types))).map(toPool);
    let drawn: {
      title: string;
      description: string;
      score: number | null;
      rules: PaperRuleInput[];
      ids: number[];
      scores: number[];
    }[];
    let planned: Map<number, number> | undefined;

    if (input.mode === 'blueprint') {
      if (!input.blueprint) throw invalid('blueprint', 'paperBlueprintMissing');
      const types = input.blueprint.types;
      const points = this.structures.blueprintPoints(structure);
      if (points.length === 0) {
        throw invalid('blueprint', 'paperBlueprintNoPoints', {
          name: structure.subjectName,
          level: input.level,
        });
      }
      const plan = planBlueprint(
        points,
        types.map((t) => t.count),
      );
      planned = new Map();
      const used = new Set<number>();
      const shortfalls: Localized[] = [];
      drawn = types.map((type, t) => {
        const ids: number[] = [];
        for (const [pointId, count] of plan[t]!) {
          if (count === 0) continue;
          planned!.set(pointId, (planned!.get(pointId) ?? 0) + count);
          const candidates = pool.filter(
            (q) => q.type === type.type && q.pointId === pointId && !used.has(q.id),
          );
          if (candidates.length < count) {
            shortfalls.push(
              localized('shortfallBlueprint', {
                type: typeName(type.type),
                point: structure.points.get(pointId)?.name ?? String(pointId),
                needs: count,
                available: candidates.length,
              }),
            );
            continue;
          }
          for (const q of pick(candidates, count, seededRandom(`${seed}/bp/${t}/${pointId}`))) {
            used.add(q.id);
            ids.push(q.id);
          }
        }
        const existing = input.sections[t];
        return {
          title: existing?.title ?? typeName(type.type)[language],
          description: existing?.description ?? '',
          score: type.score,
          rules: [],
          ids,
          scores: ids.map(() => scoreToHundredths(type.score)),
        };
      });
      if (shortfalls.length > 0) {
        throw invalid('blueprint', 'paperShortfall', {
          list: joinLocalized(shortfalls, { zh: '；', ja: '；', en: '; ', es: '; ' }),
        });
      }
    } else {
      const only = input.section;
      const rules = input.sections.map((section, s) =>
        only === undefined || only === s ? section.rules.map(asRule) : [],
      );
      const targets = only === undefined ? input.sections.map((_, s) => s) : [only];
      for (const s of targets) {
        if (!input.sections[s] || input.sections[s]!.rules.length === 0) {
          throw invalid('section', 'paperNothingToDraw', { section: s + 1 });
        }
      }
      const taken = new Set(
        input.sections.flatMap((section, s) =>
          targets.includes(s) ? [] : section.questions.map((q) => q.questionId),
        ),
      );
      const result = drawByRules(rules, pool, seed, taken);
      if (!result.ok) throw this.structures.shortfallError(result.shortfalls, rules, structure);
      drawn = input.sections.map((section, s) => {
        if (!targets.includes(s)) {
          return {
            ...section,
            ids: section.questions.map((q) => q.questionId),
            scores: section.questions.map((q) => scoreToHundredths(q.score ?? section.score ?? 0)),
          };
        }
        const scores = section.rules.flatMap((rule) =>
          Array.from({ length: rule.count }, () => scoreToHundredths(rule.score)),
        );
        return { ...section, ids: result.sections[s]!, scores };
      });
    }

    const rows = new Map(
      (await this.papers.questions(drawn.flatMap((section) => section.ids))).map((r) => [r.id, r]),
    );
    const sections = drawn.map((section) =>
      this.structures.sectionView(
        {
          title: section.title,
          description: section.description,
          score: section.score,
          rules: section.rules,
        },
        section.ids.map((id, index) => ({
          question: rows.get(id)!,
          score: section.scores[index] || rows.get(id)!.score,
        })),
      ),
    );
    return { seed, sections, statistics: statisticsOf(sections, structure, planned) };
  }

  /** Another question meeting the rule that drew `questionId` in `section`, not already in the paper. */
  async swap(
    input: PaperInput & { section: number; questionId: number },
  ): Promise<PaperQuestionView> {
    await this.structures.checkPlace(input);
    const section = input.sections[input.section];
    if (!section) throw invalid('section', 'paperNothingToDraw', { section: input.section + 1 });
    const pool = (await this.papers.pool(input.subjectId, input.level, poolFor(section.rules))).map(
      toPool,
    );
    const current = pool.find((q) => q.id === input.questionId);
    const rule = section.rules.map(asRule).find((r) => current && matchesRule(current, r));
    if (!current || !rule || !section.questions.some((q) => q.questionId === input.questionId)) {
      throw invalid('questionId', 'paperSwapNotDrawn', {
        id: input.questionId,
        section: input.section + 1,
      });
    }
    const inPaper = new Set(input.sections.flatMap((s) => s.questions.map((q) => q.questionId)));
    const other = swapCandidate(rule, pool, inPaper, newSeed());
    if (!other) throw invalid('questionId', 'paperSwapNone', { id: input.questionId });
    const [row] = await this.papers.questions([other.id]);
    const ruleInput = section.rules.find((r) => matchesRule(current, asRule(r)))!;
    return this.structures.sectionView({ title: '', description: '', score: null, rules: [] }, [
      { question: row!, score: scoreToHundredths(ruleInput.score) },
    ]).questions[0]!;
  }
}
