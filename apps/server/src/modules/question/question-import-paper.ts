import {
  PAPER_DURATION_MAX,
  PAPER_QUESTION_MAX,
  PAPER_TOTAL_MAX,
  QUESTION_SCORE_MAX,
  scoreFromHundredths,
  scoreToHundredths,
  type QuestionImportPaperPreview,
} from '@kaoshi/shared';
import type { Db } from '../../db/database.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Plan } from './question-import-check.js';
import type { QtiTest } from './question-import-qti-test.js';

// A QTI test as a draft paper of the questions imported with it (docs/features/question-bank.md
// "QTI"): its sections as the paper's parts, each item's score its weight × its score in the
// bank (SCORE's normal maximum, else the mapping, else the default), the order kept.

/** A section of a draft paper as written: its questions with their score in hundredths. */
export interface DraftSection {
  title: string;
  description: string;
  score: number | null;
  rules: string;
  questions: { questionId: number; score: number }[];
}

/** A draft paper made with an import's questions: scores in hundredths. */
export interface DraftPaperToWrite {
  name: string;
  subjectId: number;
  level: number;
  passScore: number;
  durationMinutes: number;
  sections: DraftSection[];
}

/**
 * What an import needs of the paper module, passed in by app.ts (the paper module reads the
 * question bank; the bank does not import it back).
 */
export interface DraftPapers {
  /** Whether `auth` may manage papers (what the paper routes ask). */
  mayManage(auth: AuthContext): boolean;
  /** Writes the draft in the caller's transaction `trx`; answers its id. */
  insert(trx: Db, paper: DraftPaperToWrite, authorId: number): Promise<number>;
}

/** A paper without a time limit of its own gets the builder's default. */
export const IMPORTED_PAPER_DURATION = 90;
/** The pass line of a paper made from a test: 60 % of its total, as Kaoshi's builder suggests. */
const PASS_SHARE = 0.6;

interface PlannedSection {
  title: string;
  description: string;
  /** The item's index among the package's items, and its score in hundredths. */
  items: { index: number; score: number }[];
}

export interface ImportPaperPlan {
  preview: QuestionImportPaperPreview;
  sections: PlannedSection[];
}

/**
 * What the test becomes with the questions as `plan` checked them (`itemPaths`: each question's
 * item file, in the same order). `allowed`: the user holds the paper permission.
 */
export function planImportPaper(
  test: QtiTest,
  itemPaths: string[],
  plan: Plan,
  allowed: boolean,
): ImportPaperPlan {
  const notes = [...test.notes];
  const indexOf = new Map(itemPaths.map((path, index) => [path, index]));
  const placed = new Set<number>();
  let reimport = true;
  const sections: PlannedSection[] = [];
  for (const section of test.sections) {
    const items: PlannedSection['items'] = [];
    for (const ref of section.refs) {
      const index = indexOf.get(ref.path);
      const row = index === undefined ? undefined : plan.rows[index];
      const name = `item ${ref.identifier || ref.path}`;
      if (index === undefined || !row) {
        notes.push(`${name}: "${ref.path}" is not an item the manifest lists: left out`);
      } else if (!row.insert) {
        notes.push(`${name} is not imported (see its problems): left out of the paper`);
      } else if (placed.has(index)) {
        notes.push(`${name} is in the test twice: a paper holds a question once`);
      } else if (ref.weight === 0) {
        notes.push(`${name} has the weight 0: left out of the paper`);
      } else {
        let score = Math.round(row.insert.score * ref.weight);
        if (score > scoreToHundredths(QUESTION_SCORE_MAX)) {
          notes.push(
            `${name} is worth ${scoreFromHundredths(score)}: cut to ${QUESTION_SCORE_MAX}`,
          );
          score = scoreToHundredths(QUESTION_SCORE_MAX);
        }
        placed.add(index);
        if (!row.previous) reimport = false;
        items.push({ index, score: Math.max(score, 1) });
      }
    }
    if (items.length === 0) {
      notes.push(`section "${section.title}" has no question to import: left out`);
    } else sections.push({ title: section.title, description: section.description, items });
  }
  const totalOf = (section: PlannedSection) =>
    section.items.reduce((sum, item) => sum + item.score, 0);
  const total = sections.reduce((sum, section) => sum + totalOf(section), 0);
  const questionCount = placed.size;
  const skipped = !allowed
    ? 'permission'
    : questionCount === 0
      ? 'noQuestions'
      : questionCount > PAPER_QUESTION_MAX || total > scoreToHundredths(PAPER_TOTAL_MAX)
        ? 'tooLarge'
        : undefined;
  return {
    preview: {
      title: test.title,
      ...(skipped && { skipped }),
      sections: sections.map((section) => ({
        title: section.title,
        questionCount: section.items.length,
        total: scoreFromHundredths(totalOf(section)),
      })),
      questionCount,
      total: scoreFromHundredths(total),
      passScore: scoreFromHundredths(Math.round(total * PASS_SHARE)),
      durationMinutes: Math.min(
        Math.max(test.durationMinutes ?? IMPORTED_PAPER_DURATION, 1),
        PAPER_DURATION_MAX,
      ),
      notes,
      reimport: questionCount > 0 && reimport,
    },
    sections,
  };
}

/**
 * Writes the planned paper in the import's transaction `trx` (nothing when it is skipped);
 * `questionIds` answers the bank's id of each item index. Answers the paper's id.
 */
export async function writeImportPaper(
  trx: Db,
  planned: ImportPaperPlan,
  where: { subjectId: number; level: number },
  questionIds: (index: number) => number,
  authorId: number,
  papers: DraftPapers,
): Promise<number | undefined> {
  const { preview } = planned;
  if (preview.skipped) return undefined;
  const sections: DraftSection[] = planned.sections.map((section) => ({
    title: section.title,
    description: section.description,
    score: null,
    rules: '[]',
    questions: section.items.map((item) => ({
      questionId: questionIds(item.index),
      score: item.score,
    })),
  }));
  return papers.insert(
    trx,
    {
      name: preview.title,
      subjectId: where.subjectId,
      level: where.level,
      passScore: scoreToHundredths(preview.passScore),
      durationMinutes: preview.durationMinutes,
      sections,
    },
    authorId,
  );
}
