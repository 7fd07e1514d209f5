import { RoleKey, UserType, type MySheetView } from '@kaoshi/shared';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './api';
import { createAttemptExam } from './attempt-fixture';
import {
  PHONE,
  buttonName,
  newPage,
  openSignedIn,
  screenshot,
  widthBeyondViewport,
} from './browser';
import { adminSession } from './session';

// The examiner's sheet on a phone (issue 26 §3): identity checked, items scored, the network lost
// mid-sheet and the rest scored offline into the outbox, back online, signed; the server holds
// every score. Screenshots zh and en at 390 and 820 px.
const SCORING_API = '/api/kaoshi-skills/scoring';
const TABLET = { width: 820, height: 1180 };
const PASSWORD = 'Examiner-pass-1';

describe("The examiner's sheet", () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  const shownPage = (page: Page) => page.locator('.app-main-page:not([hidden])');

  it('scores a candidate at 390 px, partly offline, and signs once back online', async () => {
    const fx = await createAttemptExam(session.admin, baseURL, `EX${tag}`, { students: 1 });
    const { id: sheetId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-skills/sheet/addSheet',
      {
        subjectId: fx.bank.subjectId,
        level: fx.bank.level,
        name: `配电板安装${tag}`,
        timeLimitMinutes: 60,
        overtimePointsPerMinute: 1,
        overtimeStopMinutes: 10,
        step: 1,
        tasks: [
          {
            title: '配电板安装',
            knowId: fx.bank.points[0]!.id,
            items: [
              { what: '元件布置合理', criteria: '布置不合理扣分', points: 50, mode: 'award' },
              { what: '接线牢固', criteria: '每处松动扣 2 分', points: 30, mode: 'award' },
              { what: '通电试验', criteria: '一次不成功扣 10 分', points: 20, mode: 'deduct' },
              { what: '违章操作', criteria: '造成短路', points: 0, veto: true, mode: 'award' },
            ],
          },
        ],
      },
    );
    const examiners = [`ex1${tag}`.toLowerCase(), `ex2${tag}`.toLowerCase()];
    const ids = await Promise.all(
      examiners.map((name, i) =>
        session.admin.createUser(
          name,
          UserType.TEACHER,
          [RoleKey.SKILL_EXAMINER],
          `考评员${i + 1}${tag}`,
          PASSWORD,
        ),
      ),
    );
    const chief = await session.admin.createUser(`exchief${tag}`.toLowerCase(), UserType.TEACHER, [
      RoleKey.SKILL_CHIEF,
    ]);
    const start = dayjs().add(2, 'day').hour(9).minute(0).second(0).millisecond(0);
    const { id: assessmentId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-skills/assessment/addAssessment',
      {
        name: `配电板实操${tag}`,
        sheetId,
        classIds: [fx.classId],
        chiefId: chief,
        checkerId: chief,
        sessions: [
          {
            startsAt: start.toISOString(),
            endsAt: start.add(1, 'hour').toISOString(),
            place: `实训楼 2${tag}`,
            stations: 1,
            examiners: [{ station: 1, userIds: ids }],
          },
        ],
      },
    );
    await session.admin.call(
      'POST',
      `/api/kaoshi-skills/assessment/publishAssessment/${assessmentId}`,
    );
    const examiner = await ApiClient.signIn(baseURL, examiners[0], PASSWORD, UserType.TEACHER);
    const student = fx.students[0]!;

    const page = await newPage(session.browser, { locale: 'zh-CN', viewport: PHONE });
    await openSignedIn(page, examiner, `${baseURL}/skills/examinerDesk`);
    const desk = shownPage(page);
    const card = desk.locator('[data-testid^="candidate-"]').filter({ hasText: student.name });
    await card.waitFor();
    await card.getByRole('button', { name: buttonName('身份已核验') }).click();
    await expect.poll(() => card.locator('.ant-tag').first().innerText()).toBe('身份已核验');
    expect(await widthBeyondViewport(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'skills-examiner-desk-phone-zh');
    await card.getByRole('button', { name: buttonName('评分') }).click();

    const sheet = shownPage(page);
    const items = sheet.locator('[data-testid^="item-"]');
    await items.first().waitFor();
    const item = (what: string) => items.filter({ hasText: what });
    const outbox = sheet.getByTestId('outbox-state');
    const total = sheet.getByTestId('running-total');
    await item('元件布置合理').getByRole('spinbutton').fill('45');
    await item('接线牢固').getByRole('button', { name: '30', exact: true }).click();
    await expect.poll(() => outbox.innerText()).toBe('已全部保存');
    // 45 + 30 + 20 (nothing deducted yet)
    expect(await total.innerText()).toBe('95');

    // The network goes: the rest of the sheet waits in the outbox.
    await page.context().setOffline(true);
    await expect.poll(() => outbox.innerText()).toContain('离线');
    await item('接线牢固').getByRole('spinbutton').fill('27.5');
    await item('通电试验').getByRole('spinbutton').fill('10');
    await item('通电试验').getByRole('textbox').fill('第一次通电跳闸');
    await expect.poll(() => outbox.innerText()).toBe('离线：2 项保存在本机');
    expect(await total.innerText()).toBe('82.5');
    const sign = sheet.getByRole('button', { name: buttonName('签名提交') });
    expect(await sign.isDisabled()).toBe(true);
    expect(await widthBeyondViewport(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'skills-examiner-sheet-offline-phone-zh');

    await page.context().setOffline(false);
    await expect.poll(() => outbox.innerText(), { timeout: 20_000 }).toBe('已全部保存');
    await sign.click();
    await page
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: buttonName('签名提交') })
      .click();
    await sheet.getByTestId('signed').waitFor();
    expect(await sheet.getByTestId('signed').innerText()).toContain('82.5');
    await screenshot(page, 'skills-examiner-sheet-signed-phone-zh');
    const candidateId = Number(new URL(page.url()).searchParams.get('candidateId'));
    await page.close();

    // The server holds every score, the offline ones too.
    const held = await examiner.call<MySheetView>(
      'GET',
      `${SCORING_API}/getMySheet/${candidateId}`,
    );
    const byWhat = new Map(
      held.sheet.tasks.flatMap((task) => task.items).map((it) => [it.id, it.what]),
    );
    expect(
      Object.fromEntries(held.mine.scores.map((s) => [byWhat.get(s.itemId), [s.points, s.note]])),
    ).toMatchObject({
      元件布置合理: [45, ''],
      接线牢固: [27.5, ''],
      通电试验: [10, '第一次通电跳闸'],
    });
    expect(held.mine).toMatchObject({ total: 82.5, vetoHit: false });
    expect(held.mine.signedAt).not.toBeNull();
    expect(held.candidate.presence).toBe('checked');

    // zh and en at 390 and 820 px: the desk and the signed sheet.
    for (const [locale, language] of [
      ['zh-CN', 'zh'],
      ['en-US', 'en'],
    ] as const) {
      for (const [viewport, size] of [
        [PHONE, 'phone'],
        [TABLET, 'tablet'],
      ] as const) {
        if (language === 'zh' && size === 'phone') continue;
        const shot = await newPage(session.browser, { locale, viewport });
        await openSignedIn(shot, examiner, `${baseURL}/skills/examinerDesk`);
        await shownPage(shot).locator('[data-testid^="candidate-"]').first().waitFor();
        await screenshot(shot, `skills-examiner-desk-${size}-${language}`);
        await shot.goto(`${baseURL}/skills/scoreSheet?candidateId=${candidateId}`);
        await shownPage(shot).getByTestId('signed').waitFor();
        expect(await widthBeyondViewport(shot)).toBeLessThanOrEqual(0);
        await screenshot(shot, `skills-examiner-sheet-${size}-${language}`);
        await shot.close();
      }
    }
  }, 300_000);
});
