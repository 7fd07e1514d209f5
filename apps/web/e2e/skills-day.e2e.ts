import type { MySheetView } from '@kaoshi/shared';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  PHONE,
  animationsDone,
  buttonName,
  holdOpeningPopups,
  keepResult,
  openSignedIn,
  openedPopup,
  screenshot,
  showPath,
  widthBeyondViewport,
} from './browser';
import { LOCALES, type Language } from './languages';
import { adminSession } from './session';
import { createSkillsDay } from './skills-fixture';

// The skills day through the screens (issue 26 §3 and §4), walked once: examiner A scores on a
// phone (390 px, zh), partly offline, and signs; examiner B scores on a tablet (820 px, en)
// offline for the whole sheet and hands the tablet to A, who sees nothing of B's and leaves
// B's outbox alone; B signs once back online. The chief (820 px, zh) sees both sheets side by
// side, settles the disagreement; the checker (820 px, en) signs and downloads the PDF; the
// theory part being final already, the student's certificate appears (zh phone, en tablet).
const SCORING_API = '/api/kaoshi-skills/scoring';
const TABLET = { width: 820, height: 1180 };

describe('The skills day', () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  const shownPage = (page: Page) => page.locator('.app-main-page:not([hidden])');

  /** A whole-page screenshot from the top: scrolled, the sticky navbar would stand mid-page. */
  async function sheetShot(page: Page, name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, name);
  }

  /**
   * A new page of `context` signed in as `who` (the context's cookies replaced: the next user of
   * a shared device) at `path`, in `language` as if chosen there. Devices are reused: a fresh
   * context loads every script again, the slowest part of a page on a busy machine.
   */
  async function visit(
    context: BrowserContext,
    who: { addSessionTo(context: BrowserContext): Promise<void> },
    path: string,
    language: Language,
  ) {
    await context.clearCookies();
    const page = await context.newPage();
    await page.addInitScript((chosen) => {
      try {
        localStorage.setItem('language', chosen);
      } catch {
        // about:blank has no storage
      }
    }, language);
    await openSignedIn(page, who, `${baseURL}${path}`);
    return page;
  }

  it('two examiners score, one offline on a shared tablet; the chief decides, the checker signs, the certificate appears', async () => {
    const day = await createSkillsDay(session.admin, baseURL, tag);
    const [a, b] = day.examiners;

    // Examiner A, on a phone in Chinese: identity, scores, the network lost mid-sheet.
    const phoneDevice = await session.browser.newContext({ locale: 'zh-CN', viewport: PHONE });
    await holdOpeningPopups(phoneDevice);
    const phone = await visit(phoneDevice, a.api, '/skills/examinerDesk', 'zh');
    const desk = shownPage(phone);
    const card = desk.locator('[data-testid^="candidate-"]').filter({ hasText: day.candidateName });
    await card.waitFor();
    await card.getByRole('button', { name: buttonName('身份已核验') }).click();
    await expect.poll(() => card.locator('.ant-tag').first().innerText()).toBe('身份已核验');
    expect(await widthBeyondViewport(phone)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'skills-examiner-desk-phone-zh');
    await card.getByRole('button', { name: buttonName('评分') }).click();

    const sheet = shownPage(phone);
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

    await phone.context().setOffline(true);
    await expect.poll(() => outbox.innerText()).toContain('离线');
    await item('接线牢固').getByRole('spinbutton').fill('27.5');
    await item('通电试验').getByRole('spinbutton').fill('10');
    await item('通电试验').getByRole('textbox').fill('第一次通电跳闸');
    await expect.poll(() => outbox.innerText()).toBe('离线：2 项保存在本机');
    expect(await total.innerText()).toBe('82.5');
    const sign = sheet.getByRole('button', { name: buttonName('签名提交') });
    expect(await sign.isDisabled()).toBe(true);
    expect(await widthBeyondViewport(phone)).toBeLessThanOrEqual(0);
    await sheetShot(phone, 'skills-examiner-sheet-offline-phone-zh');

    await phone.context().setOffline(false);
    await expect.poll(() => outbox.innerText(), { timeout: 20_000 }).toBe('已全部保存');
    await sign.click();
    await phone
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: buttonName('签名提交') })
      .click();
    await sheet.getByTestId('signed').waitFor();
    expect(await sheet.getByTestId('signed').innerText()).toContain('82.5');
    expect(await widthBeyondViewport(phone)).toBeLessThanOrEqual(0);
    await sheetShot(phone, 'skills-examiner-sheet-signed-phone-zh');
    const candidateId = Number(new URL(phone.url()).searchParams.get('candidateId'));
    await phone.close();

    // The server holds every score of A's, the offline ones too.
    const held = await a.api.call<MySheetView>('GET', `${SCORING_API}/getMySheet/${candidateId}`);
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

    // Examiner B, on the station's tablet in English: the sheet opened, then no network at all.
    const tablet = await session.browser.newContext({ locale: 'en-US', viewport: TABLET });
    await holdOpeningPopups(tablet);
    const bDesk = await visit(tablet, b.api, '/skills/examinerDesk', 'en');
    const bCard = shownPage(bDesk).locator(`[data-testid="candidate-${candidateId}"]`);
    await bCard.waitFor();
    expect(await bCard.locator('.ant-tag').first().innerText()).toBe('Identity checked');
    await screenshot(bDesk, 'skills-examiner-desk-tablet-en');
    await bCard.getByRole('button', { name: 'Score', exact: true }).click();
    const bSheet = shownPage(bDesk);
    const bItems = bSheet.locator('[data-testid^="item-"]');
    await bItems.first().waitFor();
    const bItem = (what: string) => bItems.filter({ hasText: what });
    const bOutbox = bSheet.getByTestId('outbox-state');
    await tablet.setOffline(true);
    await expect.poll(() => bOutbox.innerText()).toContain('Offline');
    await bItem('元件布置合理').getByRole('spinbutton').fill('50');
    await bItem('元件布置合理').getByRole('textbox').fill('布置整齐');
    await bItem('接线牢固').getByRole('spinbutton').fill('27.5');
    await bItem('通电试验').getByRole('spinbutton').fill('0');
    await expect.poll(() => bOutbox.innerText()).toBe('Offline: 3 kept on this device');
    expect(await bSheet.getByTestId('running-total').innerText()).toBe('97.5');
    expect(await bSheet.getByRole('button', { name: 'Sign sheet' }).isDisabled()).toBe(true);
    expect(await widthBeyondViewport(bDesk)).toBeLessThanOrEqual(0);
    await sheetShot(bDesk, 'skills-examiner-sheet-offline-tablet-en');
    await bDesk.close();

    // B hands the tablet over, still offline: A signs in on it and sees only A's own sheet;
    // B's outbox stays on the device, untouched.
    await tablet.setOffline(false);
    const sheetPath = `/skills/scoreSheet?candidateId=${candidateId}`;
    const aOnTablet = await visit(tablet, a.api, sheetPath, 'en');
    const aSheet = shownPage(aOnTablet);
    await aSheet.getByTestId('signed').waitFor();
    expect(await aSheet.getByTestId('running-total').innerText()).toBe('82.5');
    const aLayout = aSheet.locator('[data-testid^="item-"]').filter({ hasText: '元件布置合理' });
    expect(Number(await aLayout.getByRole('spinbutton').inputValue())).toBe(45);
    expect(await aLayout.getByRole('textbox').inputValue()).toBe('');
    await expect.poll(() => aSheet.getByTestId('outbox-state').innerText()).toBe('All saved');
    expect(
      await aOnTablet.evaluate(async () => (await indexedDB.databases()).map((db) => db.name)),
    ).toContain(`kaoshi-skill-sheet-${b.id}`);
    expect(await widthBeyondViewport(aOnTablet)).toBeLessThanOrEqual(0);
    await sheetShot(aOnTablet, 'skills-examiner-sheet-tablet-en');
    await aOnTablet.close();

    // B again, online: the outbox empties into the server, and B signs.
    const bBack = await visit(tablet, b.api, sheetPath, 'en');
    const bBackSheet = shownPage(bBack);
    const bBackOutbox = bBackSheet.getByTestId('outbox-state');
    await bBackOutbox.waitFor();
    // What B typed offline is on the sheet again (read from the device), then sent.
    await expect.poll(() => bBackSheet.getByTestId('running-total').innerText()).toBe('97.5');
    await expect.poll(() => bBackOutbox.innerText(), { timeout: 20_000 }).toBe('All saved');
    await bBackSheet.getByRole('button', { name: 'Sign sheet' }).click();
    await bBack
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: 'Sign sheet' })
      .click();
    await bBackSheet.getByTestId('signed').waitFor();
    expect(await bBackSheet.getByTestId('signed').innerText()).toContain('97.5');
    await sheetShot(bBack, 'skills-examiner-sheet-signed-tablet-en');
    await bBack.close();

    // The chief, in Chinese on the tablet: the candidate needs them; the sheets side by side.
    const chiefPage = await visit(tablet, day.chief.api, '/skills/scoreCheck', 'zh');
    const scope = shownPage(chiefPage);
    const row = scope.locator('.ant-table-row').filter({ hasText: day.ticketNumber });
    await row.waitFor();
    expect(await row.innerText()).toContain('待组长裁定');
    expect(await row.innerText()).toContain('2/2');
    await screenshot(chiefPage, 'skills-check-list-tablet-zh', { fullPage: false });
    await row.getByRole('button', { name: buttonName('评分表') }).click();
    const drawer = chiefPage.locator('.ant-drawer-content-wrapper:visible');
    const grid = drawer.locator('.score-check-grid');
    await grid.locator('.ant-table-row').first().waitFor();
    // The items the examiners differ on are marked (two items, both examiners' cells); the
    // one they agree on is not.
    await expect.poll(() => drawer.locator('td.score-check-differs').count()).toBe(4);
    // Both sheets reached the server, B's offline one too: A's and B's points item by item.
    const heads = await grid.locator('thead th').allInnerTexts();
    /** The points A and B gave the item, each read in the column headed with their name. */
    const marks = async (what: string) => {
      const cells = grid.locator('.ant-table-row').filter({ hasText: what }).locator('td');
      return Promise.all(
        [a, b].map((who) =>
          cells
            .nth(heads.findIndex((head) => head.includes(who.nickName)))
            .locator('strong')
            .innerText(),
        ),
      );
    };
    expect(await marks('元件布置合理')).toEqual(['45', '50']);
    expect(await marks('接线牢固')).toEqual(['27.5', '27.5']);
    expect(await marks('通电试验')).toEqual(['−10', '0']);
    expect(await drawer.innerText()).toContain('第一次通电跳闸');
    expect(await drawer.innerText()).toContain('布置整齐');
    expect(await drawer.innerText()).toContain('合计相差 15 分');
    await animationsDone(chiefPage);
    await screenshot(chiefPage, 'skills-check-sheets-tablet-zh', { fullPage: false });
    await drawer.getByRole('button', { name: buttonName('裁定') }).click();
    const modal = chiefPage.locator('.ant-modal:visible');
    await modal.getByLabel('最终得分').fill('90');
    await modal.getByLabel('理由').fill('复测接线，按两位考评员的平均');
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await chiefPage.locator('.ant-message-notice').filter({ hasText: '裁定已保存' }).waitFor();
    await expect.poll(() => drawer.getByTestId('final-score').innerText()).toBe('90');
    expect(await drawer.innerText()).toContain('复测接线，按两位考评员的平均');
    // On a phone the sheets fit; the grid scrolls inside itself. So does the list.
    await chiefPage.setViewportSize(PHONE);
    await animationsDone(chiefPage);
    expect(await widthBeyondViewport(chiefPage)).toBeLessThanOrEqual(0);
    await screenshot(chiefPage, 'skills-check-sheets-phone-zh', { fullPage: false });
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => row.innerText()).toContain('已裁定');
    expect(await widthBeyondViewport(chiefPage)).toBeLessThanOrEqual(0);
    await screenshot(chiefPage, 'skills-check-list-phone-zh', { fullPage: false });
    await chiefPage.close();

    // The theory exam has closed meanwhile: its release makes the theory part final.
    await day.releaseTheory();

    // The checker, in English on a tablet: checks the sums, signs, and downloads the PDF.
    const en = await visit(tablet, day.checker.api, '/skills/scoreCheck', 'en');
    const enRow = shownPage(en).locator('.ant-table-row').filter({ hasText: day.ticketNumber });
    await enRow.waitFor();
    await screenshot(en, 'skills-check-list-tablet-en', { fullPage: false });
    await enRow.getByRole('button', { name: 'Sheets' }).click();
    const enDrawer = en.locator('.ant-drawer-content-wrapper:visible');
    await enDrawer.locator('.score-check-grid .ant-table-row').first().waitFor();
    await en.setViewportSize(PHONE);
    await animationsDone(en);
    expect(await widthBeyondViewport(en)).toBeLessThanOrEqual(0);
    await screenshot(en, 'skills-check-sheets-phone-en', { fullPage: false });
    // Back to the tablet the drawer widens (a transition): a click while it still slides lands
    // beside the button on a busy machine, and the confirmation never opens.
    await en.setViewportSize(TABLET);
    await animationsDone(en);
    await enDrawer.getByRole('button', { name: 'Check sums and sign' }).click();
    const confirm = await openedPopup(en, en.locator('.ant-modal-confirm:visible'));
    await confirm.getByRole('button', { name: 'Check sums and sign' }).click();
    await en.locator('.ant-message-notice').filter({ hasText: 'Checked and signed' }).waitFor();
    await expect.poll(() => enDrawer.innerText()).toContain('Checked and signed 20');
    await animationsDone(en);
    await screenshot(en, 'skills-check-sheets-tablet-en', { fullPage: false });
    const [download] = await Promise.all([
      en.waitForEvent('download'),
      enDrawer.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    keepResult('skills-sheet-en.pdf', pdf);
    await en.close();
    const list = await day.checker.api.call<{ state: string; finalScore: number }[]>(
      'GET',
      `/api/kaoshi-skills/check/listCandidates/${day.assessmentId}`,
    );
    expect(list).toEqual([expect.objectContaining({ state: 'checked', finalScore: 90 })]);

    // The student: the certificate of the scheme, carrying both parts' scores.
    const student = await day.fx.signIn();
    const [{ code }] = await student.call<[{ code: string }]>(
      'GET',
      '/api/kaoshi-analysis/certificate/myCertificates',
    );
    for (const [device, language, size, parts, checked] of [
      [
        phoneDevice,
        'zh',
        'phone',
        ['理论知识考试 100/100', '操作技能考核 90/100'],
        ['认定项目', '理论知识考试：100 / 100 分\n操作技能考核：90 / 100 分'],
      ],
      [
        tablet,
        'en',
        'tablet',
        ['Theory exam 100/100', 'Skills assessment 90/100'],
        ['Certification', 'Theory exam: 100 / 100 points\nSkills assessment: 90 / 100 points'],
      ],
    ] as const) {
      const page = await visit(device, student, '/dashboard', language);
      const certificate = page.locator('.dashboard-certificates .certificate-card');
      await certificate.waitFor();
      // Titled with what it certifies (the scheme's job type and level), not the theory exam.
      expect(await certificate.locator('.certificate-name').innerText()).toMatch(
        /职业技能等级认定$/,
      );
      expect(await certificate.locator('.certificate-components .ant-tag').allInnerTexts()).toEqual(
        parts,
      );
      expect(await widthBeyondViewport(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `skills-certificate-${size}-${language}`);
      // Its QR code's public check: the certification and each part, as printed.
      await page.goto(`${baseURL}/verify/${code}`);
      await page.getByTestId('verify-facts').waitFor();
      expect(await page.locator('.verify-fact dt').allInnerTexts()).toContain(checked[0]);
      expect(await page.locator('[data-fact="parts"]').innerText()).toBe(checked[1]);
      expect(await page.locator('[data-fact="certification"]').innerText()).toMatch(
        /职业技能等级认定$/,
      );
      expect(await widthBeyondViewport(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `skills-certificate-check-${size}-${language}`);
      await device.close();
    }

    // The managers' screens with the day's data in Spanish (tablet) and Japanese (phone), walked
    // inside one page each: every screen drawn, nothing wider than the window.
    for (const [language, viewport, size] of [
      ['es', TABLET, 'tablet'],
      ['ja', PHONE, 'phone'],
    ] as const) {
      const device = await session.browser.newContext({ locale: LOCALES[language], viewport });
      await holdOpeningPopups(device);
      const page = await visit(device, session.admin, '/skills/sheetManage', language);
      for (const [path, name, ready] of [
        ['/skills/sheetManage', 'sheets', '.ant-table-row'],
        ['/skills/assessmentManage', 'assessments', '.ant-table-row'],
        [`/skills/assessmentAnalysis?id=${day.assessmentId}`, 'analysis', '.skill-analysis'],
        ['/examAnalysis/certification', 'certification', '.ant-table-row'],
      ] as const) {
        await showPath(page, path);
        await shownPage(page).locator(ready).first().waitFor();
        const busy = shownPage(page).locator(':is(.page-loading, .ant-spin-spinning)');
        await expect.poll(() => busy.count()).toBe(0);
        expect(await widthBeyondViewport(page)).toBeLessThanOrEqual(0);
        await screenshot(page, `skills-${name}-${size}-${language}`);
      }
      await device.close();
    }
  }, 300_000);
});
