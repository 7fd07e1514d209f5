import {
  QuestionType,
  scoreFromHundredths,
  type CertLevel,
  type PaperItemKey,
  type PrintPaper,
} from '@kaoshi/shared';
import { candidateItem, itemsFor } from './candidate-view.js';
import type { PaperSnapshot, SnapshotItem } from './paper-version.js';

/**
 * A question's key, for staff only. It is built apart from candidateItem and set beside it, so
 * the examinee's presenter never holds a key, even in passing.
 */
export function itemKey(item: SnapshotItem): PaperItemKey {
  const type = item.type;
  const choice = type === QuestionType.SINGLE || type === QuestionType.MULTIPLE;
  const written = type === QuestionType.SHORT_ANSWER || type === QuestionType.EXTERNAL_LINK;
  return {
    correctKeys: choice
      ? item.options.filter((option) => option.correct).map((option) => option.key)
      : [],
    answer:
      type === QuestionType.JUDGEMENT
        ? item.answer === 'T'
          ? 'T'
          : 'F'
        : written
          ? item.answer
          : '',
    blanks: type === QuestionType.FILL_BLANK ? item.blanks.map((accepted) => [...accepted]) : [],
    analysis: item.analysis,
  };
}

/**
 * A paper for staff to read or print: each question exactly as the examinee sees it
 * (candidateItem), and its key beside it only `withKey`. A paper drawn per candidate shows the
 * draw of `seed`, as the preview and the Word export do.
 */
export function printPaper(
  snapshot: PaperSnapshot,
  options: { description: string; subjectName: string; seed: string; withKey: boolean },
): PrintPaper {
  const items = itemsFor(snapshot, options.seed);
  return {
    id: snapshot.paper.id,
    name: snapshot.paper.name,
    description: options.description,
    subjectName: options.subjectName,
    level: snapshot.paper.level as CertLevel,
    passScore: scoreFromHundredths(snapshot.paper.passScore),
    durationMinutes: snapshot.paper.durationMinutes,
    total: scoreFromHundredths(snapshot.total),
    questionCount: snapshot.questionCount,
    drawPerCandidate: snapshot.paper.drawPerCandidate,
    withKey: options.withKey,
    sections: snapshot.sections.map((section, s) => {
      const drawn = items[s] ?? [];
      return {
        title: section.title,
        description: section.description,
        total: scoreFromHundredths(drawn.reduce((sum, entry) => sum + entry.score, 0)),
        items: drawn.map(({ item, score }) => ({
          ...candidateItem(item, score),
          key: options.withKey ? itemKey(item) : null,
        })),
      };
    }),
  };
}
