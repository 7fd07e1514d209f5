import { clientPasswordHash, type ExamBody } from '@kaoshi/shared';
import dayjs from 'dayjs';
import { ApiClient } from './api';
import { createPaperBank, type PaperBank } from './paper-fixture';
import { claimResidentId } from './resident-ids';

const QUESTION_API = '/api/kaoshi-question/question';
const PAPER_API = '/api/kaoshi-paper/paper';
const EXAM_API = '/api/kaoshi-exam/exam';

/** A student of the fixture's batch, who signs in with the ticket number and their own password. */
export interface ExamStudent {
  id: number;
  name: string;
  ticketNumber: string;
  idNumber: string;
  /** Chosen in place of the initial one, which allows nothing but changing it. */
  password: string;
}

/**
 * One question of each type in the paper, in the paper's order (sections by type), with what
 * answers it right: the values a candidate gives (options not shuffled, so the letters are the
 * bank's) and the points each earns.
 */
export const PAPER_ITEMS = {
  single: { section: 0, answer: 'A', score: 10 },
  multiple: { section: 1, answer: 'AB', score: 10 },
  judgement: { section: 2, answer: 'T', score: 10 },
  fill: { section: 3, answer: ['欧姆', '安培'], score: 10 },
  short: { section: 4, answer: '发生漏电时自动切断电源。', score: 10 },
  link: { section: 5, answer: '实验编号 42', score: 10 },
} as const;
/** Points of the automatically scored questions (short answer and link wait for marking). */
export const OBJECTIVE_TOTAL = 40;

export interface AttemptFixture {
  tag: string;
  bank: PaperBank;
  paperId: number;
  paperName: string;
  classId: number;
  className: string;
  students: ExamStudent[];
  /** The first of `students`. */
  student: ExamStudent;
  examId: number;
  examName: string;
  /** The student signed in through the API, as their browser would be. */
  signIn(student?: ExamStudent): Promise<ApiClient>;
  /** Publishes another exam of the same paper for the same batch: its id. */
  publish(name: string, overrides?: Partial<ExamBody>): Promise<number>;
}

/**
 * Through the API as the administrator: a bank with one approved question of every type, a
 * passed manual paper of them (one section per type, 10 points each), a batch with `students`
 * fresh students, and a published exam for it, open since five minutes ago until three hours
 * from now (60 minutes, the objective result shown at once). `exam` overrides the exam's
 * fields (an access code, a notice, another window…). Named after `tag` so runs never collide.
 */
export async function createAttemptExam(
  admin: ApiClient,
  baseURL: string,
  tag: string,
  { students: studentCount = 1, exam = {} }: { students?: number; exam?: Partial<ExamBody> } = {},
): Promise<AttemptFixture> {
  const bank = await createPaperBank(admin, baseURL, `T${tag}`, {
    single: 1,
    multiple: 1,
    judgement: 1,
    short: 1,
  });
  const place = {
    subjectId: bank.subjectId,
    level: bank.level,
    courseId: bank.course.id,
    pointId: bank.points[0]!.id,
    difficulty: 3,
  };
  // Two blanks and a link task: the shared bank has neither.
  const { id: fillId } = await admin.call<{ id: number }>('POST', `${QUESTION_API}/addQuestion`, {
    ...place,
    type: 4,
    content: `<p>填空题${tag}：电阻的单位是 ___，电流的单位是 ___。</p>`,
    blanks: [
      ['欧姆', 'Ω'],
      ['安培', 'A'],
    ],
  });
  const { id: linkId } = await admin.call<{ id: number }>('POST', `${QUESTION_API}/addQuestion`, {
    ...place,
    type: 3,
    content: `<p>操作题${tag}：打开实训平台完成接线，并填写实验编号。</p>`,
    linkUrl: 'https://lab.example.com/task/42',
  });
  await admin.call('POST', `${QUESTION_API}/batchQuestion`, {
    ids: [fillId, linkId],
    action: 'submit',
  });
  await bank.reviewer.api.call('POST', `${QUESTION_API}/batchQuestion`, {
    ids: [fillId, linkId],
    action: 'approve',
  });
  const order = [
    ['单选题', bank.byType[0]![0]!],
    ['多选题', bank.byType[1]![0]!],
    ['判断题', bank.byType[2]![0]!],
    ['填空题', fillId],
    ['简答题', bank.byType[5]![0]!],
    ['操作题', linkId],
  ] as const;
  const paperName = `考试用试卷${tag}`;
  const { id: paperId } = await admin.call<{ id: number }>('POST', `${PAPER_API}/addPaper`, {
    name: paperName,
    subjectId: bank.subjectId,
    level: bank.level,
    description: '',
    passScore: 30,
    durationMinutes: 60,
    mode: 'manual',
    sections: order.map(([title, questionId], index) => ({
      title: `${['一', '二', '三', '四', '五', '六'][index]}、${title}`,
      description: '',
      questions: [{ questionId, score: 10 }],
    })),
  });
  await admin.call('POST', `${PAPER_API}/submitPaper/${paperId}`);
  await bank.reviewer.api.call('POST', `${PAPER_API}/auditPaper`, { id: paperId, result: 1 });

  const className = `考试批次${tag}`;
  const { id: classId } = await admin.call<{ id: number }>(
    'POST',
    '/api/kaoshi-school/classes/addClasses',
    { subjectId: bank.subjectId, level: bank.level, name: className, code: `AT-${tag}` },
  );
  const students: ExamStudent[] = [];
  for (let n = 0; n < studentCount; n++) {
    const idNumber = claimResidentId();
    const name = `应考${String.fromCharCode(65 + n)}${tag}`;
    const created = await admin.call<{ id: number; ticketNumber: string; initialPassword: string }>(
      'POST',
      '/api/kaoshi-base/student/addStudent',
      // The app's own logo as the photo: an image the page can load.
      { name, idNumber, classId, photo: '/logo.svg' },
    );
    const password = `own-${created.ticketNumber.toLowerCase()}`;
    const first = await ApiClient.signIn(baseURL, created.ticketNumber, created.initialPassword, 3);
    await first.call('POST', '/api/kaoshi-user/user/updatePass', {
      oldPass: clientPasswordHash(created.initialPassword),
      newPass: clientPasswordHash(password),
    });
    students.push({ id: created.id, name, ticketNumber: created.ticketNumber, idNumber, password });
  }

  const publish = async (name: string, overrides: Partial<ExamBody> = {}) => {
    const { id } = await admin.call<{ id: number }>('POST', `${EXAM_API}/addExam`, {
      name,
      paperId,
      instructionId: null,
      classIds: [classId],
      startAt: dayjs().subtract(5, 'minute').toISOString(),
      endAt: dayjs().add(3, 'hour').toISOString(),
      durationMinutes: 60,
      showResult: 'objective',
      ...overrides,
    });
    await admin.call('POST', `${EXAM_API}/publishExam/${id}`);
    return id;
  };
  const examName = `维修电工在线考试${tag}`;
  const examId = await publish(examName, exam);

  return {
    tag,
    bank,
    paperId,
    paperName,
    classId,
    className,
    students,
    student: students[0]!,
    examId,
    examName,
    signIn: (student = students[0]!) =>
      ApiClient.signIn(baseURL, student.ticketNumber, student.password, 3),
    publish,
  };
}
