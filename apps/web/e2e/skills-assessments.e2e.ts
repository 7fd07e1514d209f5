import { RoleKey, UserType } from '@kaoshi/shared';
import dayjs, { type Dayjs } from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAttemptExam } from './attempt-fixture';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  buttonName,
  newPage,
  openSelect,
  openSignedIn,
  pickIn,
  screenshot,
  widthBeyondViewport,
} from './browser';
import { adminSession } from './session';

// Skills assessments (issue 26 §2) through the screens: an administrator builds one on a sheet and
// people made through the API, publishes it, and the student reads the notice in My exams;
// screenshots in zh and en at desktop and phone width.
const ASSESSMENT_API = '/api/kaoshi-skills/assessment';
const TIME = 'YYYY-MM-DD HH:mm';

describe('Skills assessments', () => {
  const session = adminSession();
  const { baseURL, tag } = session;

  const shownPage = (page: Page) => page.locator('.app-main-page:not([hidden])');

  async function open(path: string, locale: string, viewport = DESKTOP) {
    const page = await newPage(session.browser, { locale, viewport });
    await openSignedIn(page, session.admin, `${baseURL}${path}`);
    return page;
  }

  /** Picks `options` in the multiple select `select`, typing each to narrow the list. */
  async function pickMany(page: Page, select: Locator, options: string[]) {
    const dropdown = await openSelect(page, select);
    for (const option of options) {
      await select.pressSequentially(option);
      await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click();
    }
    await select.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
  }

  async function pickTime(scope: Locator, label: string, time: Dayjs) {
    const input = scope.getByLabel(label, { exact: true });
    await input.click();
    await input.fill(time.format(TIME));
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe(time.format(TIME));
  }

  /** A staff member with `role`, signing in as as<key><tag>, shown by the nickname `nickName`. */
  const staff = (key: string, nickName: string, role: string) =>
    session.admin.createUser(`as${key}${tag}`.toLowerCase(), UserType.TEACHER, [role], nickName);

  it('builds, publishes, and the student sees the notice', async () => {
    const fx = await createAttemptExam(session.admin, baseURL, `AS${tag}`, { students: 2 });
    const sheetName = `照明电路安装${tag}`;
    await session.admin.call('POST', '/api/kaoshi-skills/sheet/addSheet', {
      subjectId: fx.bank.subjectId,
      level: fx.bank.level,
      name: sheetName,
      timeLimitMinutes: 60,
      overtimePointsPerMinute: 0,
      overtimeStopMinutes: 0,
      step: 1,
      tasks: [
        {
          title: '照明电路安装',
          knowId: fx.bank.points[0]!.id,
          items: [{ what: '接线正确', criteria: '', points: 100, veto: false, mode: 'deduct' }],
        },
      ],
    });
    const people = {
      a: `考评员甲${tag}`,
      b: `考评员乙${tag}`,
      chief: `考评组长${tag}`,
      checker: `核分员${tag}`,
    };
    await staff('a', people.a, RoleKey.SKILL_EXAMINER);
    await staff('b', people.b, RoleKey.SKILL_EXAMINER);
    await staff('chief', people.chief, RoleKey.SKILL_CHIEF);
    await staff('checker', people.checker, RoleKey.SKILL_CHIEF);

    const page = await open('/skills/assessmentEdit', 'zh-CN');
    const scope = shownPage(page);
    await scope.locator('form#assessmentForm').waitFor();
    const name = `照明电路实操考核${tag}`;
    await scope.getByLabel('考核名称').fill(name);
    await pickIn(page, scope.getByRole('combobox', { name: '申报工种' }), fx.bank.jobTypeName);
    await pickIn(page, scope.getByRole('combobox', { name: '评分记录表' }), sheetName);
    await pickMany(page, scope.getByRole('combobox', { name: '批次' }), [fx.className]);
    await pickIn(page, scope.getByRole('combobox', { name: '考评组长' }), people.chief);
    await pickIn(page, scope.getByRole('combobox', { name: '核分员' }), people.checker);
    const card = scope.getByTestId('assessment-session-1');
    const start = dayjs().add(3, 'day').hour(9).minute(0).second(0);
    await pickTime(card, '开始时间', start);
    await pickTime(card, '结束时间', start.add(1, 'hour'));
    await card.getByLabel('考场地点').fill(`实训楼 101${tag}`);
    // One station, both examiners at it: exactly two are asked for.
    await pickMany(page, card.getByRole('combobox', { name: '1 号工位考评员' }), [people.a]);
    await scope.getByRole('button', { name: buttonName('保存') }).click();
    await expect
      .poll(() => card.locator('.ant-form-item-explain-error').allInnerTexts())
      .toContain('请恰好选择 2 名考评员');
    await pickMany(page, card.getByRole('combobox', { name: '1 号工位考评员' }), [people.b]);
    await screenshot(page, 'skills-assessment-edit-desktop-zh');
    await scope.getByRole('button', { name: buttonName('保存') }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '考核已添加' }).waitFor();
    await page.waitForURL(/assessmentEdit\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));

    // Publishing: one session of 60 minutes, one station, a 60-minute sheet: one place for two
    // students, refused with the reason; a second station and it goes through.
    await page.goto(`${baseURL}/skills/assessmentManage`);
    const row = () => shownPage(page).locator('.ant-table-row').filter({ hasText: name });
    await row().waitFor();
    await row().getByRole('button', { name: '发布' }).click();
    await page
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: buttonName('发布') })
      .click();
    const refusal = page.locator('.ant-modal-confirm-error:visible');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('考核无法发布');
    await screenshot(page, 'skills-assessment-publish-refused-desktop-zh', { fullPage: false });
    await refusal.getByRole('button').last().click();

    const view = await session.admin.call<{ sessions: { stationList: unknown }[] }>(
      'GET',
      `${ASSESSMENT_API}/getAssessmentById/${id}`,
    );
    expect(view.sessions).toHaveLength(1);
    const edit = await open(`/skills/assessmentEdit?id=${id}`, 'zh-CN');
    const editScope = shownPage(edit);
    const editCard = editScope.getByTestId('assessment-session-1');
    await editCard.getByLabel('工位数').fill('2');
    await pickMany(edit, editCard.getByRole('combobox', { name: '2 号工位考评员' }), [
      people.a,
      people.b,
    ]);
    await editScope.getByRole('button', { name: buttonName('保存') }).click();
    // The same examiners at two stations of one session: the server's refusal, above the sessions.
    await editScope.getByTestId('assessment-problem').waitFor();
    await screenshot(edit, 'skills-assessment-refused-desktop-zh', { fullPage: false });
    await edit.close();

    // Two other examiners at station 2, through the API, then publish through the screen.
    const c = `考评员丙${tag}`;
    const d = `考评员丁${tag}`;
    await staff('c', c, RoleKey.SKILL_EXAMINER);
    await staff('d', d, RoleKey.SKILL_EXAMINER);
    const again = await open(`/skills/assessmentEdit?id=${id}`, 'zh-CN');
    const againCard = shownPage(again).getByTestId('assessment-session-1');
    await againCard.getByLabel('工位数').fill('2');
    await pickMany(again, againCard.getByRole('combobox', { name: '2 号工位考评员' }), [c, d]);
    await shownPage(again)
      .getByRole('button', { name: buttonName('保存') })
      .click();
    await again.locator('.ant-message-notice').filter({ hasText: '已保存' }).waitFor();
    await again.close();

    await page.reload();
    await row().waitFor();
    await row().getByRole('button', { name: '发布' }).click();
    await page
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: buttonName('发布') })
      .click();
    await page.locator('.ant-message-notice').filter({ hasText: '已发布' }).waitFor();
    await expect.poll(() => row().innerText()).toContain('已发布');
    await screenshot(page, 'skills-assessments-desktop-zh', { fullPage: false });
    await page.close();

    // English list, desktop and phone.
    for (const [viewport, size] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const en = await open('/skills/assessmentManage', 'en-US', viewport);
      await shownPage(en).locator('.ant-table-row').filter({ hasText: name }).waitFor();
      await screenshot(en, `skills-assessments-${size}-en`, { fullPage: false });
      const form = await open(`/skills/assessmentEdit?id=${id}`, 'en-US', viewport);
      await shownPage(form).getByTestId('assessment-session-1').waitFor();
      if (size === 'phone') expect(await widthBeyondViewport(form)).toBeLessThanOrEqual(0);
      await screenshot(form, `skills-assessment-edit-${size}-en`);
      await form.close();
      await en.close();
    }

    // The student: the notice in My exams, zh and en, desktop and phone.
    const student = await fx.signIn(fx.students[1]);
    for (const [locale, language, title] of [
      ['zh-CN', 'zh', '技能考核'],
      ['en-US', 'en', 'Skills assessments'],
    ] as const) {
      for (const [viewport, size] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const mine = await newPage(session.browser, { locale, viewport });
        await openSignedIn(mine, student, `${baseURL}/exam-student/examStudentTest`);
        const section = shownPage(mine).locator('.section-skills');
        await section.waitFor();
        expect(await section.innerText()).toContain(title);
        expect(await section.innerText()).toContain(name);
        expect(await section.innerText()).toContain(fx.students[1]!.ticketNumber);
        await animationsDone(mine);
        if (size === 'phone') expect(await widthBeyondViewport(mine)).toBeLessThanOrEqual(0);
        await screenshot(mine, `skills-my-assessment-${size}-${language}`);
        await mine.close();
      }
    }
  }, 300_000);
});
