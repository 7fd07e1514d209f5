import { RoleKey, UserType, type MySessionView } from '@kaoshi/shared';
import dayjs from 'dayjs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api';
import { createAttemptExam } from './attempt-fixture';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  buttonName,
  keepResult,
  newPage,
  openSignedIn,
  screenshot,
  widthBeyondViewport,
} from './browser';
import { adminSession } from './session';

// The chief examiner's and the score checker's desk (issue 26 §3): two examiners sign sheets
// that differ beyond the tolerance (through the API), the chief decides with a reason on the
// screen, the checker signs and downloads the PDF; zh and en, desktop and phone.
const SKILLS = '/api/kaoshi-skills';
const PASSWORD = 'Check-pass-1';

describe('Skills: chief examiner and score checker', () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  const shownPage = (page: Page) => page.locator('.app-main-page:not([hidden])');

  /** A staff member with `role` and a password of their own; signed in through the API. */
  async function staff(key: string, nickName: string, role: string) {
    const name = `sc${key}${tag}`.toLowerCase();
    const id = await session.admin.createUser(name, UserType.TEACHER, [role], nickName, PASSWORD);
    return { id, nickName, api: await ApiClient.signIn(baseURL, name, PASSWORD, UserType.TEACHER) };
  }

  it('the chief decides a dispute, the checker signs, the PDF downloads', async () => {
    const fx = await createAttemptExam(session.admin, baseURL, `SC${tag}`, { students: 1 });
    const { id: sheetId } = await session.admin.call<{ id: number }>(
      'POST',
      `${SKILLS}/sheet/addSheet`,
      {
        subjectId: fx.bank.subjectId,
        level: fx.bank.level,
        name: `配电箱安装${tag}`,
        timeLimitMinutes: 60,
        overtimePointsPerMinute: 1,
        overtimeStopMinutes: 10,
        step: 1,
        tasks: [
          {
            title: '配电箱安装',
            knowId: fx.bank.points[0]!.id,
            items: [
              {
                what: '接线正确',
                criteria: '每处错误扣 10 分',
                points: 60,
                veto: false,
                mode: 'award',
              },
              { what: '工艺美观', criteria: '横平竖直', points: 40, veto: false, mode: 'award' },
              { what: '触电事故', criteria: '发生即判 0 分', points: 0, veto: true, mode: 'award' },
            ],
          },
        ],
      },
    );
    const a = await staff('a', `考评员甲${tag}`, RoleKey.SKILL_EXAMINER);
    const b = await staff('b', `考评员乙${tag}`, RoleKey.SKILL_EXAMINER);
    const chief = await staff('chief', `考评组长${tag}`, RoleKey.SKILL_CHIEF);
    const checker = await staff('checker', `核分员${tag}`, RoleKey.SKILL_CHIEF);
    const start = dayjs().add(2, 'day').hour(9).minute(0).second(0).millisecond(0);
    const assessmentName = `配电箱实操考核${tag}`;
    const { id: assessmentId } = await session.admin.call<{ id: number }>(
      'POST',
      `${SKILLS}/assessment/addAssessment`,
      {
        name: assessmentName,
        sheetId,
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
    await session.admin.call('POST', `${SKILLS}/assessment/publishAssessment/${assessmentId}`);

    // Each examiner on their own: 100 and 75, beyond the tolerance of 10.
    const [desk] = await a.api.call<MySessionView[]>('GET', `${SKILLS}/scoring/listMySessions`);
    const candidateId = desk!.stations[0]!.candidates[0]!.id;
    const mine = await a.api.call<{ sheet: { tasks: { items: { id: number }[] }[] } }>(
      'GET',
      `${SKILLS}/scoring/getMySheet/${candidateId}`,
    );
    const [wiring, finish] = mine.sheet.tasks[0]!.items.map((item) => item.id);
    const score = async (examiner: ApiClient, points: [number, number], note = '') => {
      await examiner.call('POST', `${SKILLS}/scoring/saveItemScores`, {
        candidateId,
        scores: [
          { itemId: wiring, points: points[0], vetoHit: false, note, seq: 1 },
          { itemId: finish, points: points[1], vetoHit: false, note: '', seq: 1 },
        ],
      });
      await examiner.call('POST', `${SKILLS}/scoring/signSheet/${candidateId}`);
    };
    await score(a.api, [60, 40]);
    await score(b.api, [40, 35], '两处接线松动');

    // The chief, in Chinese on a desktop: the candidate needs them; the sheets side by side.
    const page = await newPage(session.browser, { locale: 'zh-CN', viewport: DESKTOP });
    await openSignedIn(page, chief.api, `${baseURL}/skills/scoreCheck`);
    const scope = shownPage(page);
    const row = scope.locator('.ant-table-row').filter({ hasText: fx.student.ticketNumber });
    await row.waitFor();
    expect(await row.innerText()).toContain('待组长裁定');
    expect(await row.innerText()).toContain('2/2');
    await screenshot(page, 'skills-check-list-desktop-zh', { fullPage: false });
    await row.getByRole('button', { name: buttonName('评分表') }).click();
    const drawer = page.locator('.ant-drawer-content-wrapper:visible');
    await drawer.locator('.score-check-grid .ant-table-row').first().waitFor();
    // The item the examiners differ on is marked; the one they agree on is not.
    await expect.poll(() => drawer.locator('td.score-check-differs').count()).toBe(4);
    expect(await drawer.innerText()).toContain('两处接线松动');
    expect(await drawer.innerText()).toContain('合计相差 25 分');
    await animationsDone(page);
    await screenshot(page, 'skills-check-sheets-desktop-zh', { fullPage: false });
    await drawer.getByRole('button', { name: buttonName('裁定') }).click();
    const modal = page.locator('.ant-modal:visible');
    await modal.getByLabel('最终得分').fill('85');
    await modal.getByLabel('理由').fill('复测接线，按考评员乙的记录');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-message-notice').filter({ hasText: '裁定已保存' }).waitFor();
    await expect.poll(() => drawer.getByTestId('final-score').innerText()).toBe('85');
    expect(await drawer.innerText()).toContain('复测接线，按考评员乙的记录');
    await page.close();

    // The chief on a phone: the list and the sheets fit; the grid scrolls inside itself.
    const phone = await newPage(session.browser, { locale: 'zh-CN', viewport: PHONE });
    await openSignedIn(phone, chief.api, `${baseURL}/skills/scoreCheck`);
    const phoneRow = shownPage(phone).locator('.ant-table-row').filter({ hasText: '已裁定' });
    await phoneRow.waitFor();
    expect(await widthBeyondViewport(phone)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'skills-check-list-phone-zh', { fullPage: false });
    await phoneRow.getByRole('button', { name: buttonName('评分表') }).click();
    await phone.locator('.ant-drawer-content-wrapper:visible .score-check-grid').waitFor();
    await animationsDone(phone);
    expect(await widthBeyondViewport(phone)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'skills-check-sheets-phone-zh', { fullPage: false });
    await phone.close();

    // The checker, in English: checks the sums, signs, and downloads the PDF.
    for (const [viewport, size] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const en = await newPage(session.browser, { locale: 'en-US', viewport });
      await openSignedIn(en, checker.api, `${baseURL}/skills/scoreCheck`);
      const enRow = shownPage(en)
        .locator('.ant-table-row')
        .filter({ hasText: fx.student.ticketNumber });
      await enRow.waitFor();
      await screenshot(en, `skills-check-list-${size}-en`, { fullPage: false });
      await enRow.getByRole('button', { name: 'Sheets' }).click();
      const enDrawer = en.locator('.ant-drawer-content-wrapper:visible');
      await enDrawer.locator('.score-check-grid').waitFor();
      await animationsDone(en);
      if (size === 'phone') {
        expect(await widthBeyondViewport(en)).toBeLessThanOrEqual(0);
        await screenshot(en, 'skills-check-sheets-phone-en', { fullPage: false });
        await en.close();
        continue;
      }
      await enDrawer.getByRole('button', { name: 'Check sums and sign' }).click();
      await en
        .locator('.ant-modal-confirm:visible')
        .getByRole('button', { name: 'Check sums and sign' })
        .click();
      await en.locator('.ant-message-notice').filter({ hasText: 'Checked and signed' }).waitFor();
      await expect.poll(() => enDrawer.innerText()).toContain('Checked and signed 20');
      await screenshot(en, 'skills-check-sheets-desktop-en', { fullPage: false });
      const [download] = await Promise.all([
        en.waitForEvent('download'),
        enDrawer.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const pdf = await readFile((await download.path())!);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      keepResult('skills-sheet-en.pdf', pdf);
      await en.close();
    }
    const list = await checker.api.call<{ state: string; finalScore: number }[]>(
      'GET',
      `${SKILLS}/check/listCandidates/${assessmentId}`,
    );
    expect(list).toEqual([expect.objectContaining({ state: 'checked', finalScore: 85 })]);
  }, 300_000);
});
