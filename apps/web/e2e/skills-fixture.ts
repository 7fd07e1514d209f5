import {
  ATTEMPT_BASE,
  MARKING_BASE,
  RoleKey,
  UserType,
  type AttemptView,
  type SaveAnswersResult,
} from '@kaoshi/shared';
import dayjs from 'dayjs';
import { expect } from 'vitest';
import { ApiClient } from './api';
import { PAPER_ITEMS, createAttemptExam, type AttemptFixture } from './attempt-fixture';

// A certifiable world for the skills day (issue 26): a scheme of theory + skills for the job
// type, a theory exam of it that the student has passed and that closes shortly, and a published
// skills assessment counting for the scheme, with two examiners at one station, a chief examiner
// and a score checker (each with a password of their own, signed in through the API).

const SKILLS = '/api/kaoshi-skills';
const PASSWORD = 'Skills-day-1';
/** How long the theory exam stays open after it is published: time for the student to sit it. */
const THEORY_OPEN_SECONDS = 30;

export interface SkillsStaff {
  id: number;
  name: string;
  nickName: string;
  api: ApiClient;
}

export interface SkillsDay {
  fx: AttemptFixture;
  candidateName: string;
  ticketNumber: string;
  assessmentId: number;
  examiners: [SkillsStaff, SkillsStaff];
  chief: SkillsStaff;
  checker: SkillsStaff;
  /**
   * Releases the theory exam's scores once it has closed (the server says when): the theory
   * part becomes final, the skills part is then the last one of the scheme.
   */
  releaseTheory(): Promise<void>;
}

/** The server's clock (the Date header of its answer), to which exam and session times refer. */
export async function serverNow(baseURL: string) {
  // Any answer of the API carries it (this one is a refusal: no GET there).
  const response = await fetch(`${baseURL}/api/kaoshi-user/security/doLogin`);
  const date = response.headers.get('date');
  if (!date) throw new Error('the server sent no Date header');
  return dayjs(date);
}

export async function createSkillsDay(
  admin: ApiClient,
  baseURL: string,
  tag: string,
): Promise<SkillsDay> {
  const fx = await createAttemptExam(admin, baseURL, `SD${tag}`, { students: 1 });
  const { bank } = fx;
  const staff = async (key: string, nickName: string, role: string): Promise<SkillsStaff> => {
    const name = `sd${key}${tag}`.toLowerCase();
    const id = await admin.createUser(name, UserType.TEACHER, [role], nickName, PASSWORD);
    return { id, name, nickName, api: await ApiClient.signIn(baseURL, name, PASSWORD, 2) };
  };
  const [a, b, chief, checker, scheme, sheet, paperId] = await Promise.all([
    staff('a', `考评员甲${tag}`, RoleKey.SKILL_EXAMINER),
    staff('b', `考评员乙${tag}`, RoleKey.SKILL_EXAMINER),
    staff('chief', `考评组长${tag}`, RoleKey.SKILL_CHIEF),
    staff('checker', `核分员${tag}`, RoleKey.SKILL_CHIEF),
    admin.call<{ id: number }>('POST', '/api/kaoshi-certification/scheme/addScheme', {
      subjectId: bank.subjectId,
      level: bank.level,
      components: [{ kind: 'theory' }, { kind: 'skills' }],
    }),
    admin.call<{ id: number }>('POST', `${SKILLS}/sheet/addSheet`, {
      subjectId: bank.subjectId,
      level: bank.level,
      name: `配电板安装${tag}`,
      timeLimitMinutes: 60,
      overtimePointsPerMinute: 1,
      overtimeStopMinutes: 10,
      step: 1,
      tasks: [
        {
          title: '配电板安装',
          knowId: bank.points[0]!.id,
          items: [
            { what: '元件布置合理', criteria: '布置不合理扣分', points: 50, mode: 'award' },
            { what: '接线牢固', criteria: '每处松动扣 2 分', points: 30, mode: 'award' },
            { what: '通电试验', criteria: '一次不成功扣 10 分', points: 20, mode: 'deduct' },
            { what: '违章操作', criteria: '造成短路', points: 0, veto: true, mode: 'award' },
          ],
        },
      ],
    }),
    objectivePaper(admin, fx, tag),
  ]);

  // The theory exam: open since five minutes ago until shortly; the student sits it at once
  // and answers both questions right (20 of 20).
  const now = await serverNow(baseURL);
  const examId = await fx.publish(`理论知识考试${tag}`, {
    paperId,
    schemeId: scheme.id,
    startAt: now.subtract(5, 'minute').toISOString(),
    endAt: now.add(THEORY_OPEN_SECONDS, 'second').toISOString(),
    durationMinutes: 1,
    showResult: 'released',
  });
  const student = await fx.signIn();
  const attempt = await student.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, {
    examId,
  });
  const saved = await student.call<SaveAnswersResult>('POST', `${ATTEMPT_BASE}/saveAnswers`, {
    attemptId: attempt.attemptId,
    answers: [PAPER_ITEMS.single.answer, PAPER_ITEMS.judgement.answer].map((value, n) => ({
      itemId: attempt.paper.sections[n]!.items[0]!.itemId,
      seq: 1,
      value,
    })),
  });
  expect(saved.acks.every((ack) => ack.ok)).toBe(true);
  await student.call('POST', `${ATTEMPT_BASE}/submitAttempt/${attempt.attemptId}`);

  // The skills assessment, tomorrow by the server's clock.
  const start = now.add(1, 'day').startOf('hour');
  const { id: assessmentId } = await admin.call<{ id: number }>(
    'POST',
    `${SKILLS}/assessment/addAssessment`,
    {
      name: `配电板实操${tag}`,
      sheetId: sheet.id,
      schemeId: scheme.id,
      classIds: [fx.classId],
      chiefId: chief.id,
      checkerId: checker.id,
      sessions: [
        {
          startsAt: start.toISOString(),
          endsAt: start.add(2, 'hour').toISOString(),
          place: `实训楼 201${tag}`,
          stations: 1,
          examiners: [{ station: 1, userIds: [a.id, b.id] }],
        },
      ],
    },
  );
  await admin.call('POST', `${SKILLS}/assessment/publishAssessment/${assessmentId}`);

  return {
    fx,
    candidateName: fx.student.name,
    ticketNumber: fx.student.ticketNumber,
    assessmentId,
    examiners: [a, b],
    chief,
    checker,
    releaseTheory: async () => {
      // Refused while the exam is still open; by the time the sheets are signed it has closed.
      await expect
        .poll(
          () =>
            admin.call('POST', `${MARKING_BASE}/releaseScores/${examId}`).then(
              () => 'released',
              (error: Error) => error.message,
            ),
          { timeout: (THEORY_OPEN_SECONDS + 30) * 1000, interval: 1000 },
        )
        .toBe('released');
    },
  };
}

/** A passed paper of the bank's single-choice and true/false questions, 10 points each. */
async function objectivePaper(admin: ApiClient, fx: AttemptFixture, tag: string) {
  const { bank } = fx;
  const { id } = await admin.call<{ id: number }>('POST', '/api/kaoshi-paper/paper/addPaper', {
    name: `理论试卷${tag}`,
    subjectId: bank.subjectId,
    level: bank.level,
    description: '',
    passScore: 12,
    durationMinutes: 60,
    mode: 'manual',
    sections: [
      {
        title: '一、单选题',
        description: '',
        questions: [{ questionId: bank.byType[0]![0]!, score: 10 }],
      },
      {
        title: '二、判断题',
        description: '',
        questions: [{ questionId: bank.byType[2]![0]!, score: 10 }],
      },
    ],
  });
  await admin.call('POST', `/api/kaoshi-paper/paper/submitPaper/${id}`);
  await bank.reviewer.api.call('POST', '/api/kaoshi-paper/paper/auditPaper', { id, result: 1 });
  return id;
}
