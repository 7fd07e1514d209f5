import { createHash } from 'node:crypto';
import { PaperAudit, scoreToHundredths, type PaperRuleInput } from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import { conflict, notFound } from '../../errors.js';
import { parseJson } from '../../lib/json.js';
import { matchesRule } from './draw.js';
import { PaperRepository } from './paper.repository.js';

/** One question as a version holds it: everything a candidate sees and scoring needs. */
export interface SnapshotItem {
  /** Stable inside the version: s1q3 (a fixed question), s1p12 (one of a section's pool). */
  itemId: string;
  /** Where it came from, for analysis only: never followed to read content. */
  questionId: number;
  type: number;
  content: string;
  options: { key: string; content: string; correct: boolean }[];
  answer: string;
  blanks: string[][];
  linkUrl: string;
  analysis: string;
  difficulty: number;
  courseId: number;
  pointId: number | null;
  tags: string[];
  /** Hundredths of a point in this paper; for a pool item, its rule decides. */
  score: number | null;
}

export interface SnapshotSection {
  title: string;
  description: string;
  items: SnapshotItem[];
  /** A paper drawn per candidate: the rules, and every question they may draw. */
  rules: PaperRuleInput[];
  pool: SnapshotItem[];
}

/** A paper as an exam sits it (docs/papers-storage.md): immutable once written. */
export interface PaperSnapshot {
  paper: {
    id: number;
    name: string;
    subjectId: number;
    level: number;
    passScore: number;
    durationMinutes: number;
    drawPerCandidate: boolean;
  };
  sections: SnapshotSection[];
  /** Hundredths of a point. */
  total: number;
  questionCount: number;
}

type QuestionRow = Awaited<ReturnType<PaperRepository['questions']>>[number];

const itemOf = (itemId: string, row: QuestionRow, score: number | null): SnapshotItem => ({
  itemId,
  questionId: row.id,
  type: row.type,
  content: row.content,
  options: parseJson(row.options, []),
  answer: row.answer,
  blanks: parseJson(row.blanks, []),
  linkUrl: row.link_url,
  analysis: row.analysis,
  difficulty: row.difficulty,
  courseId: row.course_id,
  pointId: row.point_id,
  tags: parseJson<string[]>(row.tags, []),
  score,
});

/** Everything of a paper an exam needs, copied out of the bank now. */
export async function snapshotPaper(db: Db, paperId: number): Promise<PaperSnapshot> {
  const papers = new PaperRepository(db);
  const paper = await papers.find(paperId);
  if (!paper) throw notFound('paper', paperId);
  const sectionRows = await papers.sections(paperId);
  const placed = await papers.paperQuestions(paperId);
  const perCandidate = paper.draw_per_candidate === 1;
  const poolRows = perCandidate
    ? await papers.questions((await papers.pool(paper.subject_id, paper.level)).map((q) => q.id))
    : [];
  const fixed = new Map(
    (await papers.questions(placed.map((p) => p.question_id))).map((row) => [row.id, row]),
  );
  let total = 0;
  let questionCount = 0;
  const sections = sectionRows.map((section, s) => {
    const rules = parseJson<PaperRuleInput[]>(section.rules, []);
    const items = placed
      .filter((p) => p.section_id === section.id)
      .map((p, q) => {
        total += p.score;
        questionCount += 1;
        return itemOf(`s${s + 1}q${q + 1}`, fixed.get(p.question_id)!, p.score);
      });
    const pool = perCandidate
      ? poolRows
          .filter((row) =>
            rules.some((rule) =>
              matchesRule(
                {
                  id: row.id,
                  type: row.type,
                  difficulty: row.difficulty,
                  courseId: row.course_id,
                  pointId: row.point_id,
                  tags: parseJson<string[]>(row.tags, []),
                },
                rule,
              ),
            ),
          )
          .sort((a, b) => a.id - b.id)
          .map((row, p) => itemOf(`s${s + 1}p${p + 1}`, row, null))
      : [];
    if (perCandidate) {
      for (const rule of rules) {
        total += rule.count * scoreToHundredths(rule.score);
        questionCount += rule.count;
      }
    }
    return { title: section.title, description: section.description, items, rules, pool };
  });
  return {
    paper: {
      id: paper.id,
      name: paper.name,
      subjectId: paper.subject_id,
      level: paper.level,
      passScore: paper.pass_score,
      durationMinutes: paper.duration_minutes,
      drawPerCandidate: perCandidate,
    },
    sections,
    total,
    questionCount,
  };
}

/**
 * Freezes a passed paper into its next version inside the caller's transaction `trx` (publishing
 * an exam calls this) and answers the version's id and number.
 */
export async function writePaperVersion(
  trx: Db,
  paperId: number,
  userId: number,
): Promise<{ id: number; version: number }> {
  const paper = await new PaperRepository(trx).find(paperId);
  if (!paper) throw notFound('paper', paperId);
  if (paper.audit_status !== PaperAudit.PASSED) {
    throw conflict('paperNotPassed', { id: paperId });
  }
  const snapshot = await snapshotPaper(trx, paperId);
  const text = JSON.stringify(snapshot);
  return new PaperRepository(trx).insertVersion({
    paperId,
    snapshot: text,
    totalScore: snapshot.total,
    questionCount: snapshot.questionCount,
    sha256: createHash('sha256').update(text).digest('hex'),
    createdBy: userId,
    createdAt: nowIso(),
  });
}

/** writePaperVersion in a transaction of its own. */
export function publishPaperVersion(
  db: Db,
  paperId: number,
  userId: number,
): Promise<{ id: number; version: number }> {
  return inTransaction(db, (trx) => writePaperVersion(trx, paperId, userId));
}

/** A version as written, checked against its hash. */
export async function readPaperVersion(db: Db, id: number): Promise<PaperSnapshot> {
  const row = await new PaperRepository(db).version(id);
  if (!row) throw notFound('paper', id);
  if (createHash('sha256').update(row.snapshot).digest('hex') !== row.sha256) {
    throw new Error(`paper version ${id} does not match its hash`);
  }
  return JSON.parse(row.snapshot) as PaperSnapshot;
}
