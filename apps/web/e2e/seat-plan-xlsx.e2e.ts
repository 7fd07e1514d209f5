import type { SeatPlan } from '@kaoshi/shared';
import dayjs from 'dayjs';
import fs from 'node:fs';
// exceljs is a dependency of apps/server; the test edits the downloaded plan with it.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en';
import zh from '../src/i18n/locales/zh';
import { DESKTOP, PHONE, buttonName, openPage, screenshot, widthBeyondWindow } from './browser';
import { createExamGround, examScreens, publishExam } from './exam-kit';
import { adminSession } from './session';

// The seat plan as .xlsx (docs/features/venues.md): exported from the 座位安排 screen, two
// candidates' seats swapped in the file, imported through the preview of its moves (desktop zh);
// then a file naming an unknown ticket, whose preview lists the problem by cell (phone en).
const VENUE_API = '/api/kaoshi-exam/venue';

describe('Seat plan .xlsx', () => {
  const session = adminSession();
  const { tag } = session;
  const screens = examScreens(session);

  it('exports the plan, imports an edited file through its preview, lists a bad file’s problems', async () => {
    const ground = await createExamGround(session, tag);
    const examId = await publishExam(session, {
      paperId: ground.paperId,
      name: `座位导入${tag}`,
      classIds: ground.batches.map((batch) => batch.id),
      startAt: dayjs().add(3, 'day'),
      endAt: dayjs().add(3, 'day').add(2, 'hour'),
    });
    const venueName = `导入考点${tag}`;
    const { id: venueId } = await session.admin.call<{ id: number }>(
      'POST',
      `${VENUE_API}/addVenue`,
      { name: venueName, address: '' },
    );
    const { id: roomId } = await session.admin.call<{ id: number }>(
      'POST',
      `${VENUE_API}/addRoom`,
      { venueId, name: '201 考场', seats: 8 },
    );
    await session.admin.call('POST', `${VENUE_API}/planSeats`, {
      examId,
      roomIds: [roomId],
      mode: 'batches',
    });
    const planNow = () =>
      session.admin.call<SeatPlan>('GET', `${VENUE_API}/getSeatPlan?examId=${examId}`);
    const before = (await planNow()).rooms[0]!.candidates;

    const { page, unexpectedErrors } = await openPage(
      session.browser,
      session.admin,
      `${session.baseURL}/examPublishManage/seatPlan?examId=${examId}`,
      { viewport: DESKTOP },
    );
    const main = page.locator('.app-main-page:not([hidden])');
    await main.locator('.seat-plan-room').first().waitFor();
    const transfer = main.locator('.seat-plan-transfer');

    // The export: the header in Chinese, a row per candidate in seat order.
    const download = page.waitForEvent('download');
    await transfer.getByRole('button', { name: buttonName(zh.seatPlanTransfer.export) }).click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync(await (await download).path()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 5)).toEqual([
      '考点',
      '考场',
      '座位号',
      '准考证号',
    ]);
    expect(sheet.rowCount).toBe(before.length + 1);
    // The first two candidates swap seats.
    sheet.getRow(2).getCell(3).value = before[1]!.seat;
    sheet.getRow(3).getCell(3).value = before[0]!.seat;
    const upload = async (buffer: Buffer) => {
      await transfer.locator('input[type=file]').setInputFiles({
        name: 'plan.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer,
      });
      const modal = page.locator('.ant-modal').filter({ hasText: dialogTitle });
      await modal.waitFor();
      return modal;
    };
    let dialogTitle = zh.seatPlanTransfer.previewTitle;
    const modal = await upload(Buffer.from(await book.xlsx.writeBuffer()));
    const moves = modal.locator('.seat-plan-import-moves .ant-table-row');
    await expect.poll(() => moves.count()).toBe(2);
    expect(await moves.first().innerText()).toContain(before[0]!.ticketNumber);
    await screens.settled(page);
    await screenshot(page, 'seat-plan-import-preview-desktop-zh');
    await modal.getByRole('button', { name: buttonName(zh.seatPlanTransfer.confirm) }).click();
    await modal.waitFor({ state: 'hidden' });
    const after = (await planNow()).rooms[0]!.candidates;
    expect(after.slice(0, 2).map((c) => [c.ticketNumber, c.seat])).toEqual([
      [before[1]!.ticketNumber, before[0]!.seat],
      [before[0]!.ticketNumber, before[1]!.seat],
    ]);
    await expect
      .poll(() => main.locator('.seat-plan-room').first().innerText())
      .toMatch(new RegExp(`${before[1]!.name}[\\s\\S]*${before[0]!.name}`));

    // A bad file in English on a phone: the problem by its cell, nothing to confirm.
    sheet.getRow(2).getCell(4).value = `NO-${tag}`;
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.setViewportSize(PHONE);
    await page.reload();
    await main.locator('.seat-plan-room').first().waitFor();
    dialogTitle = en.seatPlanTransfer.previewTitle;
    const bad = await upload(Buffer.from(await book.xlsx.writeBuffer()));
    const problems = bad.locator('.seat-plan-import-problems .ant-table-row');
    await expect.poll(() => problems.count()).toBe(1);
    expect(await problems.first().innerText()).toContain(`D2`);
    expect(await problems.first().innerText()).toContain(`NO-${tag}`);
    expect(
      await bad.getByRole('button', { name: buttonName(en.seatPlanTransfer.confirm) }).count(),
    ).toBe(0);
    await screens.settled(page);
    expect(await widthBeyondWindow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'seat-plan-import-problems-phone-en');
    await bad.getByRole('button', { name: buttonName(en.common.cancel) }).click();
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });
});
