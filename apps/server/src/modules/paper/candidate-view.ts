import {
  QuestionType,
  scoreFromHundredths,
  scoreToHundredths,
  type CandidateItem,
  type CandidatePaper,
  type QuestionTypeCode,
} from '@kaoshi/shared';
import { drawByRules, type PoolQuestion } from './draw.js';
import type { PaperSnapshot, SnapshotItem } from './paper-version.js';

/**
 * The one presenter of what an examinee receives (DESIGN.md "Keys stay on the server"): it
 * copies what a candidate may see field by field, so a key, an analysis, an accepted blank or an
 * option's correctness can never ride along.
 */
export function candidateItem(item: SnapshotItem, score: number): CandidateItem {
  const type = item.type as QuestionTypeCode;
  const choice = type === QuestionType.SINGLE || type === QuestionType.MULTIPLE;
  return {
    itemId: item.itemId,
    type,
    content: item.content,
    options: choice
      ? item.options.map((option) => ({ key: option.key, content: option.content }))
      : [],
    blankCount: type === QuestionType.FILL_BLANK ? item.blanks.length : 0,
    linkUrl: type === QuestionType.EXTERNAL_LINK ? item.linkUrl : '',
    score: scoreFromHundredths(score),
  };
}

/**
 * The items of each section with their score in hundredths: the paper's own, or for a paper
 * drawn per candidate the draw `seed` decides from each section's pool (the attempt stores the
 * seed, so a candidate always gets the same set).
 */
export function itemsFor(
  snapshot: PaperSnapshot,
  seed: string,
): { item: SnapshotItem; score: number }[][] {
  return snapshot.sections.map((section, s) => {
    if (!snapshot.paper.drawPerCandidate) {
      return section.items.map((item) => ({ item, score: item.score ?? 0 }));
    }
    const byId = new Map(section.pool.map((item) => [item.questionId, item]));
    const pool: PoolQuestion[] = section.pool.map((item) => ({
      id: item.questionId,
      type: item.type,
      difficulty: item.difficulty,
      courseId: item.courseId,
      pointId: item.pointId,
      tags: item.tags,
    }));
    const drawn = drawByRules([section.rules], pool, `${seed}/${s}`);
    if (!drawn.ok) return [];
    return section.rules.flatMap((rule, r) => {
      const start = section.rules.slice(0, r).reduce((n, earlier) => n + earlier.count, 0);
      return drawn.sections[0]!.slice(start, start + rule.count).map((id) => ({
        item: byId.get(id)!,
        score: scoreToHundredths(rule.score),
      }));
    });
  });
}

/** A paper as one candidate sees it (`seed`: their draw, for a paper drawn per candidate). */
export function candidatePaper(snapshot: PaperSnapshot, seed: string): CandidatePaper {
  const items = itemsFor(snapshot, seed);
  return {
    name: snapshot.paper.name,
    durationMinutes: snapshot.paper.durationMinutes,
    total: scoreFromHundredths(snapshot.total),
    sections: snapshot.sections.map((section, s) => ({
      title: section.title,
      description: section.description,
      items: items[s]!.map(({ item, score }) => candidateItem(item, score)),
    })),
  };
}
