import { type ExamListItem, type ListResult } from '@kaoshi/shared';
import type { Dayjs } from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import zh from '../src/i18n/locales/zh';
import { DESKTOP, animationsDone, buttonName, openPage } from './browser';
import { LOCALES, type Language } from './languages';
import { createManualPaper, createPaperBank, type PaperBank } from './paper-fixture';
import { claimResidentId } from './resident-ids';
import type { adminSession } from './session';

// What the exam publishing browser tests share: the screens' paths and helpers, and the ground an
// exam is published on (a reviewed paper, a notice, two batches of students).

export const LIST = '/examPublishManage/publishManage';
export const EDIT = '/examPublishManage/examEdit';
export const DETAIL = '/examPublishManage/examDetail';
export const EXAM_API = '/api/kaoshi-exam/exam';
export const PAPER_API = '/api/kaoshi-paper/paper';
export const x = zh.exam;
export const TIME = 'YYYY-MM-DD HH:mm';

export interface Student {
  id: number;
  name: string;
  ticketNumber: string;
}

export interface Batch {
  id: number;
  name: string;
  code: string;
  students: Student[];
}

type Session = ReturnType<typeof adminSession>;

/**
 * A reviewed paper, a notice for its job type, and two batches of it (3 and 2 students, the first
 * with a photo), every name ending in `tag`.
 */
export async function createExamGround(session: Session, tag: string) {
  const api = <T>(method: string, path: string, body?: unknown) =>
    session.admin.call<T>(method, path, body);
  const bank: PaperBank = await createPaperBank(session.admin, session.baseURL, `E${tag}`);
  const paperName = `发布用试卷${tag}`;
  const paperId = await createManualPaper(session.admin, bank, paperName);
  await api('POST', `${PAPER_API}/submitPaper/${paperId}`);
  await bank.reviewer.api.call('POST', `${PAPER_API}/auditPaper`, { id: paperId, result: 1 });
  const noticeTitle = `电工考试须知${tag}`;
  const notice = await api<{ id: number }>('POST', '/api/kaoshi-paper/instruction/addInstruction', {
    title: noticeTitle,
    body: '<p>请提前十分钟进入考场。</p>',
    allSubjects: false,
    subjectIds: [bank.subjectId],
  });

  let n = 0;
  const batches: Batch[] = [];
  for (const [b, size] of [3, 2].entries()) {
    const batch = { name: `第${b + 1}批${tag}`, code: `EB${b + 1}-${tag}` };
    const { id } = await api<{ id: number }>('POST', '/api/kaoshi-school/classes/addClasses', {
      subjectId: bank.subjectId,
      level: bank.level,
      ...batch,
    });
    const students: Student[] = [];
    for (let s = 0; s < size; s++, n++) {
      const name = `考生${String.fromCharCode(65 + n)}${tag}`;
      const created = await api<{ id: number; ticketNumber: string }>(
        'POST',
        '/api/kaoshi-base/student/addStudent',
        {
          name,
          idNumber: claimResidentId('110101'),
          classId: id,
          // One photo the page may load (the app's own logo); the others print a blank box.
          ...(n === 0 && { photo: '/logo.svg' }),
        },
      );
      students.push({ id: created.id, name, ticketNumber: created.ticketNumber });
    }
    batches.push({ id, ...batch, students });
  }
  return { bank, paperName, paperId, noticeTitle, noticeId: notice.id, batches };
}

/** Adds an exam through the API and publishes it (60 minutes, no notice, unless `fields` say); its id. */
export async function publishExam(
  session: Session,
  fields: {
    paperId: number;
    name: string;
    classIds: number[];
    startAt: Dayjs;
    endAt: Dayjs;
  } & Record<string, unknown>,
) {
  const { id } = await session.admin.call<{ id: number }>('POST', `${EXAM_API}/addExam`, {
    instructionId: null,
    durationMinutes: 60,
    ...fields,
    startAt: fields.startAt.toISOString(),
    endAt: fields.endAt.toISOString(),
  });
  await session.admin.call('POST', `${EXAM_API}/publishExam/${id}`);
  return id;
}

/** The exam screens' locators and steps, for one admin session. */
export function examScreens(session: Session) {
  const { baseURL } = session;
  const api = <T>(method: string, path: string, body?: unknown) =>
    session.admin.call<T>(method, path, body);

  const main = (page: Page) => page.locator('.app-main-page:not([hidden])');
  const toast = (page: Page) => page.locator('.ant-message-notice');
  const rows = (scope: Locator) => scope.locator('.ant-table-row');
  const step = (page: Page, n: number) => main(page).locator(`.exam-step[data-step="${n}"]`);
  const fieldErrors = (scope: Locator) => scope.locator('.ant-form-item-explain-error');

  /**
   * The column headers of the exam table lying under its fixed actions column: a table wider than
   * its box scrolls its last columns (the state) beneath it.
   */
  const coveredHeaders = (page: Page) =>
    main(page)
      .locator('.exam-table thead th')
      .evaluateAll((headers) => {
        const fixed = headers.filter((th) => th.classList.contains('ant-table-cell-fix-end'));
        const edge = Math.min(...fixed.map((th) => th.getBoundingClientRect().left));
        return headers
          .filter((th) => !fixed.includes(th) && th.getBoundingClientRect().right > edge + 1)
          .map((th) => (th as HTMLElement).innerText.trim());
      });

  /** Waits until no table or calendar is still loading and nothing moves: before a screenshot. */
  async function settled(page: Page) {
    await expect.poll(() => page.locator('.ant-spin-spinning:visible').count()).toBe(0);
    await animationsDone(page);
  }

  async function open(path: string, language: Language = 'zh', viewport = DESKTOP) {
    return openPage(session.browser, session.admin, `${baseURL}${path}`, {
      locale: LOCALES[language],
      viewport,
    });
  }

  /** Types a time into the date-time picker labelled `label` and confirms it. */
  async function pickTime(scope: Locator, label: string, time: Dayjs) {
    const input = scope.getByLabel(label);
    await input.click();
    await input.fill(time.format(TIME));
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe(time.format(TIME));
  }

  const next = (page: Page, label = x.edit.next) =>
    main(page)
      .locator('.exam-step-buttons')
      .getByRole('button', { name: buttonName(label) })
      .click();

  const findExam = async (name: string) => {
    const { list } = await api<ListResult<ExamListItem>>(
      'GET',
      `${EXAM_API}/listExam?keyword=${encodeURIComponent(name)}`,
    );
    const found = list.find((exam) => exam.name === name);
    if (!found) throw new Error(`no exam named ${name}`);
    return found;
  };

  return {
    main,
    toast,
    rows,
    step,
    fieldErrors,
    coveredHeaders,
    settled,
    open,
    pickTime,
    next,
    findExam,
  };
}
