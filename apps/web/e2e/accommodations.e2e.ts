import { ATTEMPT_BASE, type AttemptView, type StudentAccommodationView } from '@kaoshi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAttemptExam, type AttemptFixture } from './attempt-fixture';
import { examPageScreens, examPageViolations } from './attempt-kit';
import { DESKTOP, PHONE, buttonName, openPage, screenshot } from './browser';
import { adminSession } from './session';

// Accommodations (docs/features/accommodations.md) as a candidate meets them: set for two
// students by the administrator, the exam page shows the longer time, the larger font, and for
// one the screen-reader layout (axe finds nothing serious), in zh and en, on desktop and phone.

const ACCOMMODATION = '/api/kaoshi-accommodation/accommodation';

describe('accommodations on the exam page', () => {
  const session = adminSession();
  const tag = `A${Date.now().toString(36).toUpperCase()}`;
  let fixture: AttemptFixture;

  beforeAll(async () => {
    fixture = await createAttemptExam(session.admin, session.baseURL, tag, { students: 3 });
  });
  const { openExam } = examPageScreens(session, () => fixture);

  const start = async (index: number) => {
    const api = await fixture.signIn(fixture.students[index]);
    const view = await api.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, {
      examId: fixture.examId,
    });
    return { api, view };
  };
  const fontSize = (page: Awaited<ReturnType<typeof openExam>>['page']) =>
    page
      .locator('.exam-paper')
      .evaluate((main) => getComputedStyle(main).getPropertyValue('--exam-font-size').trim());

  it('gives 15 more minutes, a larger font and the screen-reader layout (zh desktop, en phone)', async () => {
    const student = fixture.students[0]!;
    await session.admin.call('PUT', `${ACCOMMODATION}/setStudentAccommodation`, {
      studentId: student.id,
      extraMinutes: 15,
      largeFont: true,
      screenReader: true,
    });
    const { api, view } = await start(0);
    expect(view.accommodation).toEqual({ largeFont: true, screenReader: true, extraMinutes: 15 });

    const { page, consoleErrors } = await openExam(api, view.attemptId);
    // 60 minutes and 15 more.
    expect(await page.locator('.exam-clock-time').innerText()).toMatch(/^1:1[45]:\d\d$/);
    expect(await fontSize(page)).toBe('18px');
    await expect.poll(() => page.locator('.exam-page-sr').count()).toBe(1);
    // One column: no side navigator, the questions' numbers are headings.
    expect(await page.locator('.exam-side').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(0);
    expect(await page.locator('[role="status"][aria-live="polite"]').count()).toBeGreaterThan(0);
    expect(await examPageViolations(page)).toEqual([]);
    await screenshot(page, 'accommodations-zh-desktop');
    expect(consoleErrors).toEqual([]);
    await page.context().close();

    const phone = await openExam(api, view.attemptId, { language: 'en', viewport: PHONE });
    expect(await phone.page.locator('.exam-clock-time').innerText()).toMatch(/^1:1[45]:\d\d$/);
    expect(await fontSize(phone.page)).toBe('18px');
    expect(await examPageViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'accommodations-en-phone');
    await phone.page.context().close();
  });

  it('gives ×1.5 of the duration and a larger font (en desktop, zh phone)', async () => {
    const student = fixture.students[1]!;
    await session.admin.call('PUT', `${ACCOMMODATION}/setStudentAccommodation`, {
      studentId: student.id,
      timeMultiplier: 1.5,
      largeFont: true,
    });
    const { api, view } = await start(1);
    const { page } = await openExam(api, view.attemptId, { language: 'en', viewport: DESKTOP });
    // 60 minutes × 1.5.
    expect(await page.locator('.exam-clock-time').innerText()).toMatch(/^1:(29:\d\d|30:00)$/);
    expect(await fontSize(page)).toBe('18px');
    expect(await page.locator('.exam-page-sr').count()).toBe(0);
    await screenshot(page, 'accommodations-en-desktop');
    await page.context().close();

    const phone = await openExam(api, view.attemptId, { language: 'zh', viewport: PHONE });
    expect(await fontSize(phone.page)).toBe('18px');
    await screenshot(phone.page, 'accommodations-zh-phone');
    await phone.page.context().close();
  });

  it("is set from the student list's dialog, and the exam gives the time (zh)", async () => {
    const student = fixture.students[2]!;
    const { page } = await openPage(
      session.browser,
      session.admin,
      `${session.baseURL}/baseData/examStudent`,
      {
        viewport: DESKTOP,
      },
    );
    const form = page.locator('form#studentSearch');
    await form
      .getByRole('textbox', { name: '姓名、准考证号、证件号码或手机号' })
      .fill(student.ticketNumber);
    await form.locator('button[type=submit]').click();
    const row = page.locator('tr', { hasText: student.ticketNumber });
    await row.getByRole('button', { name: '考试便利' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('form#accommodationForm').waitFor();
    await dialog.getByText('按分钟', { exact: true }).click();
    await dialog.getByLabel('延长分钟数').fill('20');
    await dialog
      .locator('.ant-form-item', { hasText: '大字号' })
      .getByText('是', { exact: true })
      .click();
    await dialog.getByLabel('备注').fill('视力障碍证明');
    await screenshot(page, 'accommodations-dialog-zh');
    await dialog.getByRole('button', { name: buttonName('保存') }).click();
    await dialog.waitFor({ state: 'hidden' });
    const saved = await session.admin.call<StudentAccommodationView>(
      'GET',
      `${ACCOMMODATION}/getStudentAccommodation?studentId=${student.id}`,
    );
    expect(saved.effective).toMatchObject({
      extraMinutes: 20,
      largeFont: true,
      screenReader: false,
    });
    await page.context().close();

    const { api, view } = await start(2);
    const exam = await openExam(api, view.attemptId);
    expect(await exam.page.locator('.exam-clock-time').innerText()).toMatch(/^1:(19:\d\d|20:00)$/);
    expect(await fontSize(exam.page)).toBe('18px');
    await exam.page.context().close();
  });
});
