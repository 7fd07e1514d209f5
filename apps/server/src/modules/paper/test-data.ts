import { AuditStatus, PaperAudit } from '@kaoshi/shared';
import type { Db } from '../../db/database.js';

export interface BankQuestion {
  type?: number;
  difficulty?: number;
  courseId: number;
  pointId?: number | null;
  tags?: string[];
  /** Points. */
  score?: number;
  auditStatus?: number;
  retired?: boolean;
  subjectId: number;
  level: number;
}

let counter = 0;

/** Questions written straight into the bank (approved unless told), for paper tests: their ids. */
export async function addBankQuestions(db: Db, questions: BankQuestion[]): Promise<number[]> {
  if (questions.length === 0) return [];
  const at = new Date().toISOString();
  const rows = await db
    .insertInto('questions')
    .values(
      questions.map((q) => {
        const n = ++counter;
        const type = q.type ?? 2;
        return {
          type,
          content:
            type === 4 ? `<p>Bank question ${n}: ___ and ___</p>` : `<p>Bank question ${n}</p>`,
          options:
            type === 0 || type === 1
              ? JSON.stringify([
                  { key: 'A', content: '<p>A</p>', correct: true },
                  { key: 'B', content: '<p>B</p>', correct: type === 1 },
                ])
              : '[]',
          answer:
            type === 2
              ? 'T'
              : type === 0
                ? 'A'
                : type === 1
                  ? 'AB'
                  : type === 5
                    ? '<p>Model answer</p>'
                    : '',
          blanks: type === 4 ? JSON.stringify([['ohm', 'Ω'], ['volt']]) : '[]',
          link_url: type === 3 ? 'https://task.example/1' : '',
          analysis: `<p>Why ${n}</p>`,
          score: Math.round((q.score ?? 2) * 100),
          difficulty: q.difficulty ?? 3,
          subject_id: q.subjectId,
          level: q.level,
          course_id: q.courseId,
          point_id: q.pointId ?? null,
          tags: JSON.stringify(q.tags ?? []),
          search_text: `bank question ${n}`,
          audit_status: q.auditStatus ?? AuditStatus.PASSED,
          audit_reason: '',
          retired: q.retired ? 1 : 0,
          author_id: 1,
          reviewer_id: null,
          reviewed_at: null,
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export interface PaperRows {
  subjectId: number;
  level: number;
  /** Points. */
  passScore: number;
  name?: string;
  /** The paper's audit state (approved unless told; null: never submitted). */
  auditStatus?: number | null;
  /** In order; each question with its points in this paper. */
  sections: { title: string; questions: { id: number; score: number }[] }[];
}

/** A paper of bank questions written straight into its tables (manual mode); its id. */
export async function writePaper(db: Db, paper: PaperRows): Promise<number> {
  const at = new Date().toISOString();
  const { id: paperId } = await db
    .insertInto('papers')
    .values({
      name: paper.name ?? `Paper ${++counter}`,
      subject_id: paper.subjectId,
      level: paper.level,
      description: '',
      pass_score: Math.round(paper.passScore * 100),
      duration_minutes: 60,
      mode: 'manual',
      draw_per_candidate: 0,
      blueprint: null,
      audit_status: paper.auditStatus === undefined ? PaperAudit.PASSED : paper.auditStatus,
      audit_reason: '',
      author_id: 1,
      reviewer_id: null,
      reviewed_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [sort, section] of paper.sections.entries()) {
    const { id: sectionId } = await db
      .insertInto('paper_sections')
      .values({
        paper_id: paperId,
        sort,
        title: section.title,
        description: '',
        score: null,
        rules: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (section.questions.length === 0) continue;
    await db
      .insertInto('paper_questions')
      .values(
        section.questions.map((question, q) => ({
          paper_id: paperId,
          section_id: sectionId,
          question_id: question.id,
          sort: q,
          score: Math.round(question.score * 100),
        })),
      )
      .execute();
  }
  return paperId;
}
