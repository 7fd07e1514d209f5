import { Perm, RoleKey } from '@kaoshi/shared';
import { ApiClient, createKnowledge, createRole, type KnowledgeFixture } from './api';

const QUESTION_API = '/api/kaoshi-question/question';
const PAPER_API = '/api/kaoshi-paper/paper';

/** Question types by code (shared QuestionType): how many of each the bank gets. */
export interface BankMix {
  single?: number;
  multiple?: number;
  judgement?: number;
  fill?: number;
  short?: number;
}

export interface PaperBank extends KnowledgeFixture {
  /** Approved question ids by type code. */
  byType: Record<number, number[]>;
  /** A reviewer of questions and papers (EXAM-QUESTION-AUDIT, EXAM-MANAGE-AUDIT, role SUPER). */
  reviewer: { name: string; password: string; api: ApiClient };
}

const REVIEWER_PASSWORD = 'Review#2026';

/**
 * A job type with a course and two appraisal points, and approved questions of each type asked
 * for, spread over the points; approved by a second user, as the group audit asks. Named after
 * `tag` so that runs never collide. What the paper screens build papers from.
 */
export async function createPaperBank(
  admin: ApiClient,
  baseURL: string,
  tag: string,
  mix: BankMix = { single: 6, multiple: 3, judgement: 6, fill: 2, short: 2 },
): Promise<PaperBank> {
  const knowledge = await createKnowledge(admin, tag);
  const place = {
    subjectId: knowledge.subjectId,
    level: knowledge.level,
    courseId: knowledge.course.id,
  };
  const bodies: Record<number, (n: number) => object> = {
    0: (n) => ({
      content: `<p>单选题${tag}-${n}：安全电压的上限是多少？</p>`,
      options: [
        { key: 'A', content: '<p>36 V</p>', correct: true },
        { key: 'B', content: '<p>220 V</p>', correct: false },
        { key: 'C', content: '<p>380 V</p>', correct: false },
        { key: 'D', content: '<p>110 V</p>', correct: false },
      ],
      analysis: '<p>一般环境下安全电压为 36 V。</p>',
    }),
    1: (n) => ({
      content: `<p>多选题${tag}-${n}：下列属于导体的是？</p>`,
      options: [
        { key: 'A', content: '<p>铜</p>', correct: true },
        { key: 'B', content: '<p>铝</p>', correct: true },
        { key: 'C', content: '<p>橡胶</p>', correct: false },
      ],
    }),
    2: (n) => ({ content: `<p>判断题${tag}-${n}：铜是导体。</p>`, answer: 'T' }),
    4: (n) => ({
      content: `<p>填空题${tag}-${n}：电阻的单位是 ___。</p>`,
      blanks: [['欧姆', 'Ω']],
    }),
    5: (n) => ({
      content: `<p>简答题${tag}-${n}：说明漏电保护器的作用。</p>`,
      answer: '<p>发生漏电时自动切断电源。</p>',
    }),
  };
  const codes: Record<keyof BankMix, number> = {
    single: 0,
    multiple: 1,
    judgement: 2,
    fill: 4,
    short: 5,
  };
  const byType: Record<number, number[]> = {};
  for (const [name, count] of Object.entries(mix) as [keyof BankMix, number][]) {
    const type = codes[name];
    byType[type] = [];
    for (let n = 1; n <= count; n++) {
      const { id } = await admin.call<{ id: number }>('POST', `${QUESTION_API}/addQuestion`, {
        ...place,
        type,
        // Two points, alternately, so a blueprint has something to spread over.
        pointId: knowledge.points[n % knowledge.points.length]!.id,
        difficulty: 1 + (n % 5),
        ...bodies[type]!(n),
      });
      byType[type].push(id);
    }
  }
  const ids = Object.values(byType).flat();
  await admin.call('POST', `${QUESTION_API}/batchQuestion`, { ids, action: 'submit' });

  const roleKey = `PAPER_REVIEW_${tag}`.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
  await createRole(admin, roleKey, `审核员${tag}`, [
    Perm.QUESTION,
    Perm.QUESTION_AUDIT,
    Perm.PUBLISH_GROUP,
    Perm.PAPER,
    Perm.PAPER_AUDIT,
  ]);
  const reviewerName = `reviewer${tag}`.toLowerCase().replace(/[^a-z0-9]/g, '');
  await admin.createUser(
    reviewerName,
    2,
    [roleKey, RoleKey.SUPER],
    `审核员${tag}`,
    REVIEWER_PASSWORD,
  );
  const reviewer = await ApiClient.signIn(baseURL, reviewerName, REVIEWER_PASSWORD, 2);
  await reviewer.call('POST', `${QUESTION_API}/batchQuestion`, { ids, action: 'approve' });
  return {
    ...knowledge,
    byType,
    reviewer: { name: reviewerName, password: REVIEWER_PASSWORD, api: reviewer },
  };
}

/** A manual paper of the bank's first questions of each type, saved as a draft: its id. */
export async function createManualPaper(admin: ApiClient, bank: PaperBank, name: string) {
  const sections = Object.entries(bank.byType)
    .filter(([, ids]) => ids.length > 0)
    .map(([type, ids]) => ({
      title: `第${Number(type) + 1}部分`,
      description: '',
      questions: ids.slice(0, 2).map((questionId) => ({ questionId, score: 5 })),
    }));
  const { id } = await admin.call<{ id: number }>('POST', `${PAPER_API}/addPaper`, {
    name,
    subjectId: bank.subjectId,
    level: bank.level,
    description: '',
    passScore: 30,
    durationMinutes: 90,
    mode: 'manual',
    sections,
  });
  return id;
}
