import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, animationsDone, buttonName, screenshot, openPage } from './browser';
import { LOCALES, MESSAGES } from './languages';
import { createManualPaper, createPaperBank } from './paper-fixture';
import { claimResidentId } from './resident-ids';
import { adminSession } from './session';

// The exam list's columns whatever the time of day: a window that spans midnight shows two dates,
// and the table must still fit beside its fixed actions column on a laptop screen, every column
// header readable, in the four languages.

const LIST = '/examPublishManage/publishManage';
const EXAM_API = '/api/kaoshi-exam/exam';
const PAPER_API = '/api/kaoshi-paper/paper';

describe('Exam list layout', () => {
  const session = adminSession();
  const tag = Date.now().toString(36).toUpperCase();
  const api = <T>(method: string, path: string, body?: unknown) =>
    session.admin.call<T>(method, path, body);
  // Fixed days ahead, not "now": the windows are the same whenever the test runs.
  const day = dayjs().add(20, 'day').startOf('day');

  beforeAll(async () => {
    const bank = await createPaperBank(session.admin, session.baseURL, `L${tag}`);
    const paperId = await createManualPaper(
      session.admin,
      bank,
      `维修电工初级理论知识统一鉴定试卷${tag}`,
    );
    await api('POST', `${PAPER_API}/submitPaper/${paperId}`);
    await bank.reviewer.api.call('POST', `${PAPER_API}/auditPaper`, { id: paperId, result: 1 });
    // Names as long as real ones: every column at its widest.
    const batch = await api<{ id: number }>('POST', '/api/kaoshi-school/classes/addClasses', {
      subjectId: bank.subjectId,
      level: bank.level,
      name: `第一批维修电工${tag}`,
      code: `LB1-${tag}`,
    });
    const second = await api<{ id: number }>('POST', '/api/kaoshi-school/classes/addClasses', {
      subjectId: bank.subjectId,
      level: bank.level,
      name: `第二批维修电工${tag}`,
      code: `LB2-${tag}`,
    });
    // A batch needs an enabled student before an exam for it is published.
    for (const [n, classId] of [batch.id, second.id].entries()) {
      await api('POST', '/api/kaoshi-base/student/addStudent', {
        name: `版面考生${n + 1}${tag}`,
        idNumber: claimResidentId('110101'),
        classId,
      });
    }
    const exam = (name: string, startAt: dayjs.Dayjs, endAt: dayjs.Dayjs) =>
      api<{ id: number }>('POST', `${EXAM_API}/addExam`, {
        paperId,
        instructionId: null,
        durationMinutes: 60,
        name,
        classIds: [batch.id, second.id],
        startAt: startAt.toISOString(),
        endAt: endAt.toISOString(),
      });
    // The window across midnight: two dates in the window column.
    const night = await exam(
      `跨午夜维修电工初级理论知识考试${tag}`,
      day.hour(23).minute(30),
      day.add(1, 'day').hour(1).minute(30),
    );
    await api('POST', `${EXAM_API}/publishExam/${night.id}`);
    await exam(`维修电工初级理论知识日间考试${tag}`, day.hour(9), day.hour(11));
  });

  const main = (page: Page) => page.locator('.app-main-page:not([hidden])');

  /** Each column header's box and whether it is the fixed actions column. */
  const headerBoxes = (page: Page) =>
    main(page)
      .locator('.exam-table thead th')
      .evaluateAll((headers) =>
        headers.map((th) => {
          const box = th.getBoundingClientRect();
          return {
            text: (th as HTMLElement).innerText.trim(),
            fixed: th.classList.contains('ant-table-cell-fix-end'),
            left: box.left,
            right: box.right,
          };
        }),
      );

  for (const language of ['zh', 'en', 'es', 'ja'] as const) {
    it(`keeps every header clear of the actions column (${language}, window across midnight)`, async () => {
      const texts = MESSAGES[language];
      const { page, unexpectedErrors } = await openPage(
        session.browser,
        session.admin,
        `${session.baseURL}${LIST}`,
        { locale: LOCALES[language], viewport: DESKTOP },
      );
      const search = main(page).locator('form#examSearch');
      await search.getByLabel(texts.exam.list.keyword).fill(tag);
      await search.getByRole('button', { name: buttonName(texts.common.search) }).click();
      const rows = main(page).locator('.exam-table .ant-table-row');
      await expect.poll(() => rows.count()).toBe(2);
      const night = rows.filter({ hasText: '跨午夜' });
      const nextDay = day.add(1, 'day').format('YYYY-MM-DD');
      expect(await night.innerText()).toContain(nextDay);
      await expect.poll(() => page.locator('.ant-spin-spinning:visible').count()).toBe(0);
      await animationsDone(page);

      const headers = await headerBoxes(page);
      const fixed = headers.filter((header) => header.fixed);
      expect(fixed.map((header) => header.text)).toEqual([texts.common.actions]);
      const edge = fixed[0]!.left;
      const candidates = headers.find((header) => header.text === texts.exam.fields.candidates);
      expect(candidates).toBeDefined();
      expect(candidates!.right).toBeLessThanOrEqual(edge + 1);
      expect(
        headers.filter((header) => !header.fixed && header.right > edge + 1).map((h) => h.text),
      ).toEqual([]);
      await screenshot(page, `exam-list-midnight-${language}`, { fullPage: false });
      expect(unexpectedErrors()).toEqual([]);
      await page.context().close();
    });
  }
});
