import {
  ATTEMPT_BASE,
  MARKING_BASE,
  clientPasswordHash,
  type AttemptView,
  type ExamView,
  type NextAnswerResult,
  type SaveAnswersResult,
} from '@kaoshi/shared';
import dayjs from 'dayjs';
import { ApiClient } from './api';
import { PAPER_ITEMS, type ExamStudent } from './attempt-fixture';
import {
  createMarkingExam,
  setMarkingPlan,
  type MarkingFixture,
  type MarkingUser,
} from './marking-fixture';

// Score analysis (docs/features/analysis.md) needs an exam with released scores: candidates in two batches who
// passed, failed (one exactly on the pass line, two tied), were absent, with an objective part
// and a marked part, and a make-up for the failed that one passes and one fails again. Shared by
// analysis.e2e.ts and the item-analysis and certificate browser tests: keep the exports stable.
//
// Exports:
// - createAnalysisExam(admin, baseURL, tag, options?) → AnalysisFixture
// - AnalysisFixture: { marking, admin, examId, examName, paperId, total, passScore, batches,
//   candidates, makeUp } (see the interfaces for every field)
// - AnalysisCandidate, AnalysisBatch, AnalysisMakeUp, AnalysisFixtureOptions
// - OBJECTIVE_TYPES, competitionRanks(scores): the 1, 2, 2, 4 ranks of a list of totals.
// - signInStudent(baseURL, student, password): a candidate signed in with a password of their own.

/** The automatically scored questions, 10 points each (the paper's first four sections). */
export const OBJECTIVE_TYPES = ['single', 'multiple', 'judgement', 'fill'] as const;
export type ObjectiveType = (typeof OBJECTIVE_TYPES)[number];

/** A wrong answer to each objective question (scores 0 under the default all-or-nothing rule). */
const WRONG: Record<ObjectiveType, string | string[]> = {
  single: 'B',
  multiple: 'C',
  judgement: 'F',
  fill: ['铁', '铜'],
};

/** How one candidate does: the objective questions they get wrong and their marked points. */
interface Plan {
  batch: 0 | 1;
  wrong: ObjectiveType[];
  short: number;
  link: number;
}

/**
 * Pass score 30 of 60. Totals 60, 45, 30 (on the line: passes) in batch A; 45 (tied with the
 * second), 20 and 2.5 (both fail) in batch B. Ranks 1, 2, 2, 4, 5, 6.
 */
const SITTING: Plan[] = [
  { batch: 0, wrong: [], short: 10, link: 10 },
  { batch: 0, wrong: ['single'], short: 8, link: 7 },
  { batch: 0, wrong: ['single', 'multiple'], short: 5, link: 5 },
  { batch: 1, wrong: ['multiple'], short: 10, link: 5 },
  { batch: 1, wrong: ['single', 'multiple', 'judgement'], short: 5, link: 5 },
  { batch: 1, wrong: [...OBJECTIVE_TYPES], short: 2.5, link: 0 },
];
/** The absent, one per batch (after the sitting in the student list). */
const ABSENT_BATCHES: (0 | 1)[] = [0, 1];
/** The make-up (for the failed): the fifth candidate passes it, the sixth fails it again. */
const MAKE_UP: Record<number, Plan> = {
  4: { batch: 1, wrong: [], short: 10, link: 10 },
  5: { batch: 1, wrong: ['multiple', 'judgement', 'fill'], short: 5, link: 5 },
};

const SECTION = 10;
const totalOf = (plan: Plan) =>
  (OBJECTIVE_TYPES.length - plan.wrong.length) * SECTION + plan.short + plan.link;

export interface AnalysisBatch {
  classId: number;
  className: string;
}

export interface AnalysisCandidate {
  student: ExamStudent;
  /** Index into `batches`. */
  batch: 0 | 1;
  classId: number;
  className: string;
  absent: boolean;
  /** Points in the original exam; null when absent. */
  total: number | null;
  /** Points per section in paper order (single, multiple, judgement, fill, short, link); null when absent. */
  sections: number[] | null;
  passed: boolean | null;
  /** Their make-up result, when they sat one. */
  makeUp: { total: number; passed: boolean } | null;
}

export interface AnalysisMakeUp {
  examId: number;
  examName: string;
  /** The candidates it was published for (the failed of the original). */
  candidates: AnalysisCandidate[];
  released: boolean;
}

export interface AnalysisFixture {
  /** The marking fixture underneath (bank, paper, markers, chief…). */
  marking: MarkingFixture;
  /** The administrator's API client (every key). */
  admin: ApiClient;
  examId: number;
  examName: string;
  paperId: number;
  /** Points of the paper, and its pass score. */
  total: number;
  passScore: number;
  /** Batch A (the attempt fixture's) and batch B. */
  batches: [AnalysisBatch, AnalysisBatch];
  /** Every candidate of the original: the sitting in seat order, then the absent. */
  candidates: AnalysisCandidate[];
  makeUp: AnalysisMakeUp;
  /** The certification scheme the exam counts for (option `scheme`), or null. */
  schemeId: number | null;
}

export interface AnalysisFixtureOptions {
  /** Release the make-up's scores too (default true). */
  releaseMakeUp?: boolean;
  /**
   * Publish the exam for a certification scheme of its job type and level: theory (pass 50 of
   * 100, as the paper's 30 of 60) and an optional skills part, so certificates and make-ups
   * behave as without one. Default false.
   */
  scheme?: boolean;
}

/** Competition ranks (1, 2, 2, 4) of totals, highest first; null totals get null. */
export function competitionRanks(totals: readonly (number | null)[]): (number | null)[] {
  return totals.map((total) =>
    total === null ? null : 1 + totals.filter((other) => other !== null && other > total).length,
  );
}

/**
 * `student` signed in through the API after changing the initial password to `password`, as
 * they would: a student still on the initial password is sent to change it, not to the page.
 */
export async function signInStudent(baseURL: string, student: ExamStudent, password: string) {
  const first = await ApiClient.signIn(baseURL, student.ticketNumber, student.password, 3);
  await first.call('POST', '/api/kaoshi-user/user/updatePass', {
    oldPass: clientPasswordHash(student.password),
    newPass: clientPasswordHash(password),
  });
  return ApiClient.signIn(baseURL, student.ticketNumber, password, 3);
}

const valuesOf = (plan: Plan, i: number) => ({
  short: `${PAPER_ITEMS.short.answer}（考生 ${i}）`,
  link: `${PAPER_ITEMS.link.answer}（考生 ${i}）`,
  ...Object.fromEntries(plan.wrong.map((type) => [type, WRONG[type]])),
});
/** The seat a marked answer belongs to, from the text `valuesOf` wrote. */
const seatOf = (value: string | string[]) => {
  const match = /（考生 (\d+)）/.exec(String(value));
  if (!match) throw new Error(`not a fixture answer: ${String(value)}`);
  return Number(match[1]);
};

/** Marks every answer of the marked questions of `examId` with the points `plans` give. */
async function markAll(
  chief: MarkingUser,
  marker: MarkingUser,
  examId: number,
  itemIds: { short: string; link: string },
  plans: Record<number, Plan>,
) {
  await setMarkingPlan(chief, examId, itemIds, [marker.id]);
  for (const type of ['short', 'link'] as const) {
    for (;;) {
      const { answer } = await marker.api.call<NextAnswerResult>(
        'POST',
        `${MARKING_BASE}/nextAnswer`,
        { examId, itemId: itemIds[type] },
      );
      if (!answer) break;
      const plan = plans[seatOf(answer.value)];
      if (!plan) throw new Error(`no plan for the answer ${String(answer.value)}`);
      await marker.api.call('POST', `${MARKING_BASE}/scoreAnswer`, {
        answerId: answer.answerId,
        score: plan[type],
        comment: '',
      });
    }
  }
}

/**
 * Through the API as the administrator (about 75 s: two exam windows must close): the marking
 * fixture's exam with six candidates sitting and two absent over two batches, marked and
 * released; then a make-up for the failed, sat by both, marked and (by default) released.
 */
export async function createAnalysisExam(
  admin: ApiClient,
  baseURL: string,
  tag: string,
  { releaseMakeUp = true, scheme = false }: AnalysisFixtureOptions = {},
): Promise<AnalysisFixture> {
  let batchB: AnalysisBatch = { classId: 0, className: '' };
  let schemeId: number | null = null;
  const marking = await createMarkingExam(admin, baseURL, tag, {
    sitting: SITTING.length,
    absent: ABSENT_BATCHES.length,
    markers: 1,
    answerOf: (i) => valuesOf(SITTING[i]!, i),
    beforePublish: async (attempt) => {
      const className = `分析批次B${tag}`;
      const { id: classId } = await admin.call<{ id: number }>(
        'POST',
        '/api/kaoshi-school/classes/addClasses',
        {
          subjectId: attempt.bank.subjectId,
          level: attempt.bank.level,
          name: className,
          code: `AB-${tag}`,
        },
      );
      batchB = { classId, className };
      const plans = [...SITTING.map((plan) => plan.batch), ...ABSENT_BATCHES];
      const ids = attempt.students.filter((_, n) => plans[n] === 1).map((student) => student.id);
      await admin.call('POST', '/api/kaoshi-base/student/batchMoveStudents', { ids, classId });
      if (scheme) {
        ({ id: schemeId } = await admin.call<{ id: number }>(
          'POST',
          '/api/kaoshi-certification/scheme/addScheme',
          {
            subjectId: attempt.bank.subjectId,
            level: attempt.bank.level,
            components: [
              { kind: 'theory', fullScore: 100, passScore: 50 },
              { kind: 'skills', required: false },
            ],
          },
        ));
        return { classIds: [attempt.classId, classId], schemeId };
      }
      return { classIds: [attempt.classId, classId] };
    },
  });
  const { attempt, chief, examId, examName, itemIds } = marking;
  const marker = marking.markers[0]!;
  const batches: [AnalysisBatch, AnalysisBatch] = [
    { classId: attempt.classId, className: attempt.className },
    batchB,
  ];
  const exam = await admin.call<ExamView>('GET', `/api/kaoshi-exam/exam/getExam/${examId}`);
  const { total, passScore } = exam;
  if (total !== Object.keys(PAPER_ITEMS).length * SECTION || passScore !== 30) {
    throw new Error(`the paper changed (total ${total}, pass ${passScore}): update the plans`);
  }

  await markAll(chief, marker, examId, itemIds, { ...SITTING });
  await admin.call('POST', `${MARKING_BASE}/releaseScores/${examId}`);

  const candidates: AnalysisCandidate[] = [
    ...SITTING.map((plan, i): AnalysisCandidate => {
      const score = totalOf(plan);
      return {
        student: attempt.students[i]!,
        batch: plan.batch,
        ...batches[plan.batch],
        absent: false,
        total: score,
        sections: [
          ...OBJECTIVE_TYPES.map((type) => (plan.wrong.includes(type) ? 0 : SECTION)),
          plan.short,
          plan.link,
        ],
        passed: score >= passScore,
        makeUp: MAKE_UP[i]
          ? { total: totalOf(MAKE_UP[i]), passed: totalOf(MAKE_UP[i]) >= passScore }
          : null,
      };
    }),
    ...ABSENT_BATCHES.map((batch, n): AnalysisCandidate => ({
      student: attempt.students[SITTING.length + n]!,
      batch,
      ...batches[batch],
      absent: true,
      total: null,
      sections: null,
      passed: null,
      makeUp: null,
    })),
  ];

  // The make-up for the failed, open for a short while; both sit it.
  const makeUpSeats = Object.keys(MAKE_UP).map(Number);
  const clients = await Promise.all(
    makeUpSeats.map((seat) => attempt.signIn(attempt.students[seat])),
  );
  const makeUpEnd = dayjs().add(25, 'second').toISOString();
  const makeUpName = `补考${examName}`;
  const { id: makeUpId } = await admin.call<{ id: number }>(
    'POST',
    '/api/kaoshi-exam/exam/addMakeUpExam',
    {
      examId,
      paperId: attempt.paperId,
      who: 'failed',
      name: makeUpName,
      // The shortest window that holds the shortest duration (one minute), mostly past already.
      startAt: dayjs(makeUpEnd).subtract(61, 'second').toISOString(),
      endAt: makeUpEnd,
      durationMinutes: 1,
    },
  );
  const makeUpItems = await Promise.all(
    makeUpSeats.map(async (seat, n) => {
      const client = clients[n]!;
      const view = await client.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, {
        examId: makeUpId,
      });
      const values: Record<string, unknown> = { ...valuesOf(MAKE_UP[seat]!, seat) };
      const types = Object.keys(PAPER_ITEMS) as (keyof typeof PAPER_ITEMS)[];
      const itemOf = (type: keyof typeof PAPER_ITEMS) =>
        view.paper.sections[PAPER_ITEMS[type].section]!.items[0]!.itemId;
      const saved = await client.call<SaveAnswersResult>('POST', `${ATTEMPT_BASE}/saveAnswers`, {
        attemptId: view.attemptId,
        answers: types.map((type) => ({
          itemId: itemOf(type),
          seq: 1,
          value: values[type] ?? PAPER_ITEMS[type].answer,
        })),
      });
      const refused = saved.acks.filter((ack) => !ack.ok);
      if (refused.length > 0)
        throw new Error(`make-up answers refused: ${JSON.stringify(refused)}`);
      await client.call('POST', `${ATTEMPT_BASE}/submitAttempt/${view.attemptId}`);
      return { short: itemOf('short'), link: itemOf('link') };
    }),
  );
  // The closing is an instant nothing reports: wait for it (one machine's clock).
  const closing = Date.parse(makeUpEnd) + 500 - Date.now();
  if (closing > 0) await new Promise((resolve) => setTimeout(resolve, closing));
  await markAll(chief, marker, makeUpId, makeUpItems[0]!, MAKE_UP);
  if (releaseMakeUp) await admin.call('POST', `${MARKING_BASE}/releaseScores/${makeUpId}`);

  return {
    schemeId,
    marking,
    admin,
    examId,
    examName,
    paperId: attempt.paperId,
    total,
    passScore,
    batches,
    candidates,
    makeUp: {
      examId: makeUpId,
      examName: makeUpName,
      candidates: makeUpSeats.map((seat) => candidates[seat]!),
      released: releaseMakeUp,
    },
  };
}
