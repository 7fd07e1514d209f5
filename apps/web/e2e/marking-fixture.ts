import {
  ATTEMPT_BASE,
  MARKING_BASE,
  RoleKey,
  type AttemptView,
  type DeskAnswer,
  type MarkingPlanView,
  type MarkingProgressView,
  type NextAnswerResult,
  type SaveAnswersResult,
  type ScoreAnswerResult,
  type ExamBody,
  type ExamView,
  type SetMarkingPlanBody,
} from '@kaoshi/shared';
import dayjs from 'dayjs';
import { ApiClient } from './api';
import {
  createAttemptExam,
  PAPER_ITEMS,
  type AttemptFixture,
  type ExamStudent,
} from './attempt-fixture';

// Marking (docs/features/marking.md) needs an exam whose window has closed with submitted attempts, markers and
// a chief. Shared by marking.e2e.ts (the overview) and the desk's browser test: keep the exports
// stable.

/** A staff user of the fixture, signed in through the API. */
export interface MarkingUser {
  id: number;
  /** The sign-in name (lowercase letters and digits). */
  name: string;
  /** What the screens show (nickname). */
  nickName: string;
  password: string;
  api: ApiClient;
}

/** Item ids of the exam's questions by type, as the paper version names them. */
export type PaperItemIds = Record<keyof typeof PAPER_ITEMS, string>;

/** A candidate who sat and submitted. */
export interface SatAttempt {
  student: ExamStudent;
  attemptId: number;
  itemIds: PaperItemIds;
}

export interface MarkingFixture {
  /** The bank, paper, batch and students (its own exam opens in two days: never listed). */
  attempt: AttemptFixture;
  tag: string;
  /** The closed exam to mark. */
  examId: number;
  examName: string;
  /** When its window closed (ISO). */
  endAt: string;
  itemIds: PaperItemIds;
  /** The questions markers score: short answer and link task, in paper order. */
  markedItemIds: [string, string];
  /** Candidates who sat and submitted, in the order of `attempt.students`. */
  attempts: SatAttempt[];
  /** Candidates who never started (the last `absent` students). */
  absent: ExamStudent[];
  /** Users with role SUPER (MARKINGPAPERS), nicknamed 阅卷员A<tag>, 阅卷员B<tag>, … */
  markers: MarkingUser[];
  /** A chief: EXAM_MANAGER + SUPER (MARKINGPAPERS-ARBITRATE, PUBLISHMANAGE). */
  chief: MarkingUser;
  /**
   * Sets the plan as the chief. Defaults: by question, single marking, tolerance 2, step 0.5,
   * no audit, both marked questions to every marker.
   */
  setPlan(plan?: Partial<Omit<SetMarkingPlanBody, 'examId'>>): Promise<MarkingPlanView>;
  /** The overview's figures as the chief reads them. */
  progress(): Promise<MarkingProgressView>;
  /** `marker` takes the next answer of `itemId` (a lease): null when none is left for them. */
  next(marker: MarkingUser, itemId: string): Promise<DeskAnswer | null>;
  /** `marker` takes the next answer of `itemId` and scores it; null when none was left. */
  mark(
    marker: MarkingUser,
    itemId: string,
    score: number,
    comment?: string,
  ): Promise<{ answer: DeskAnswer; result: ScoreAnswerResult } | null>;
}

export interface MarkingFixtureOptions {
  /** Candidates who sit and submit (default 3). */
  sitting?: number;
  /** Candidates who never start, counted absent (default 1). */
  absent?: number;
  /** Markers (default 2). */
  markers?: number;
  /**
   * Seconds the exam stays open after publishing, for the candidates to sit through the API
   * (default 40). The fixture then waits for the closing before it returns: marking's audit,
   * key corrections and release need a closed exam, and an open exam's closing cannot be brought
   * forward.
   */
  openSeconds?: number;
  /**
   * What candidate `i` writes: the short answer and the link task's returned text (the defaults
   * name the candidate's seat so answers are told apart), and optionally other answers to the
   * objective questions than the key (so that some fail).
   */
  answerOf?: (
    i: number,
  ) => { short: string; link: string } & Partial<
    Record<'single' | 'multiple' | 'judgement' | 'fill', string | string[]>
  >;
  /**
   * Runs after the students exist and before the exam is published (e.g. to move some of them to
   * another batch); what it answers overrides the exam's fields (e.g. `classIds`).
   */
  beforePublish?: (attempt: AttemptFixture) => Promise<Partial<ExamBody>>;
}

export const MARKER_PASSWORD = 'marker-pass-1';
export const CHIEF_PASSWORD = 'chief-pass-1';

const ATTEMPT_API = ATTEMPT_BASE;

/** The item id of each question type in the paper as this candidate was given it. */
const itemIdsOf = (view: AttemptView) =>
  Object.fromEntries(
    Object.entries(PAPER_ITEMS).map(([type, item]) => [
      type,
      view.paper.sections[item.section]!.items[0]!.itemId,
    ]),
  ) as PaperItemIds;

/**
 * Sets the marking plan of an exam's two marked questions: by question, single marking, step 0.5,
 * no audit, both questions to `markerIds`, unless `plan` says otherwise.
 */
export function setMarkingPlan(
  chief: MarkingUser,
  examId: number,
  itemIds: { short: string; link: string },
  markerIds: number[],
  plan: Partial<Omit<SetMarkingPlanBody, 'examId'>> = {},
) {
  return chief.api.call<MarkingPlanView>('POST', `${MARKING_BASE}/setMarkingPlan`, {
    examId,
    mode: 'question',
    double: false,
    tolerance: 2,
    step: 0.5,
    auditShare: 0,
    assignments: [itemIds.short, itemIds.link].map((itemId) => ({ itemId, markerIds })),
    ...plan,
  });
}

/**
 * Through the API as the administrator: the attempt fixture's bank, paper and batch with
 * `sitting + absent` students; an exam of it open for `openSeconds`; every sitting candidate
 * starts, answers every question right (short answer and link task with `answerOf`) and
 * submits; markers and a chief are created; then it waits for the window to close. No plan is
 * set: call `setPlan`.
 */
export async function createMarkingExam(
  admin: ApiClient,
  baseURL: string,
  tag: string,
  {
    sitting = 3,
    absent = 1,
    markers: markerCount = 2,
    openSeconds = 40,
    beforePublish = () => Promise.resolve({}),
    answerOf = (i) => ({
      short: `${PAPER_ITEMS.short.answer}（考生答案 ${i + 1}）`,
      link: `${PAPER_ITEMS.link.answer}-${i + 1}`,
    }),
  }: MarkingFixtureOptions = {},
): Promise<MarkingFixture> {
  if (sitting < 1) throw new Error('createMarkingExam: at least one candidate must sit');
  const attempt = await createAttemptExam(admin, baseURL, tag, {
    students: sitting + absent,
    // The attempt fixture's own exam: not opened yet, so marking lists never show it.
    exam: {
      startAt: dayjs().add(2, 'day').toISOString(),
      endAt: dayjs().add(2, 'day').add(2, 'hour').toISOString(),
    },
  });

  const user = async (
    name: string,
    nickName: string,
    roles: string[],
    password: string,
  ): Promise<MarkingUser> => {
    const id = await admin.createUser(name, 2, roles, nickName, password);
    return {
      id,
      name,
      nickName,
      password,
      api: await ApiClient.signIn(baseURL, name, password, 2),
    };
  };
  const login = tag.toLowerCase().replace(/[^a-z0-9]/g, '');
  const markers: MarkingUser[] = [];
  for (let n = 0; n < markerCount; n++) {
    const letter = String.fromCharCode(97 + n);
    markers.push(
      await user(
        `marker${letter}${login}`,
        `阅卷员${letter.toUpperCase()}${tag}`,
        [RoleKey.MARKER],
        MARKER_PASSWORD,
      ),
    );
  }
  const chief = await user(
    `chief${login}`,
    `阅卷组长${tag}`,
    [RoleKey.EXAM_MANAGER, RoleKey.SUPER],
    CHIEF_PASSWORD,
  );

  // Signed in before the exam opens, so the window is spent only on sitting.
  const sitters = attempt.students.slice(0, sitting);
  const clients = await Promise.all(sitters.map((student) => attempt.signIn(student)));

  const examName = `阅卷考试${tag}`;
  const overrides = await beforePublish(attempt);
  const endAt = dayjs().add(openSeconds, 'second').toISOString();
  const examId = await attempt.publish(examName, {
    ...overrides,
    startAt: dayjs().subtract(5, 'minute').toISOString(),
    endAt,
    durationMinutes: 5,
    showResult: 'released',
  });
  // The chief holds every batch of the exam: exam-wide marking calls need them (lib/access).
  const published = await admin.call<ExamView>('GET', `/api/kaoshi-exam/exam/getExam/${examId}`);
  for (const batch of published.classes) {
    await admin.call('POST', '/api/kaoshi-school/classes/bindClassTeachers', {
      classId: batch.id,
      userIds: [chief.id],
    });
  }
  const attempts = await Promise.all(
    sitters.map(async (student, i): Promise<SatAttempt> => {
      const client = clients[i]!;
      const view = await client.call<AttemptView>('POST', `${ATTEMPT_API}/startAttempt`, {
        examId,
      });
      // One question per section, never shuffled: the same ids for every candidate.
      const itemIds = itemIdsOf(view);
      const text = answerOf(i);
      const value = (type: keyof typeof PAPER_ITEMS) =>
        type === 'short' || type === 'link' ? text[type] : (text[type] ?? PAPER_ITEMS[type].answer);
      const saved = await client.call<SaveAnswersResult>('POST', `${ATTEMPT_API}/saveAnswers`, {
        attemptId: view.attemptId,
        answers: (Object.keys(PAPER_ITEMS) as (keyof typeof PAPER_ITEMS)[]).map((type) => ({
          itemId: itemIds[type],
          seq: 1,
          value: value(type),
        })),
      });
      const refused = saved.acks.filter((ack) => !ack.ok);
      if (refused.length > 0) throw new Error(`answers refused: ${JSON.stringify(refused)}`);
      await client.call('POST', `${ATTEMPT_API}/submitAttempt/${view.attemptId}`);
      return { student, attemptId: view.attemptId, itemIds };
    }),
  ).catch((error: unknown) => {
    throw new Error(
      `the candidates could not sit within the exam's ${openSeconds} s (raise openSeconds): ${String(error)}`,
    );
  });

  const itemIds = attempts[0]!.itemIds;

  // The closing is an instant, not a state anything reports: wait for it (plus a margin for
  // the clocks of this process and the server, which are one machine's).
  const closing = Date.parse(endAt) + 500 - Date.now();
  if (closing > 0) await new Promise((resolve) => setTimeout(resolve, closing));

  const setPlan = (plan: Partial<Omit<SetMarkingPlanBody, 'examId'>> = {}) =>
    setMarkingPlan(
      chief,
      examId,
      itemIds,
      markers.map((m) => m.id),
      plan,
    );
  const next = async (marker: MarkingUser, itemId: string) =>
    (
      await marker.api.call<NextAnswerResult>('POST', `${MARKING_BASE}/nextAnswer`, {
        examId,
        itemId,
      })
    ).answer;

  return {
    attempt,
    tag,
    examId,
    examName,
    endAt,
    itemIds,
    markedItemIds: [itemIds.short, itemIds.link],
    attempts,
    absent: attempt.students.slice(sitting),
    markers,
    chief,
    setPlan,
    progress: () =>
      chief.api.call<MarkingProgressView>('GET', `${MARKING_BASE}/getMarkingProgress/${examId}`),
    next,
    mark: async (marker, itemId, score, comment = '') => {
      const answer = await next(marker, itemId);
      if (!answer) return null;
      const result = await marker.api.call<ScoreAnswerResult>(
        'POST',
        `${MARKING_BASE}/scoreAnswer`,
        { answerId: answer.answerId, score, comment },
      );
      return { answer, result };
    },
  };
}
