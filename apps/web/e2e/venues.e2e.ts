import type { SeatPlan } from '@kaoshi/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh';
import {
  DESKTOP,
  PHONE,
  buttonName,
  clickFooterButton,
  openPage,
  openSelect,
  pushPath,
  screenshot,
  widthBeyondWindow,
} from './browser';
import { createExamGround, examScreens, publishExam } from './exam-kit';
import { adminSession } from './session';

// Venues and seat plans (docs/features/venues.md), walked once in one browser context: a venue
// and two rooms made on the 考点考场 screen, an exam's seats planned on its 座位安排 screen with a
// gap seat between the same batch, then the plan read again in English on a phone.
const VENUES = '/examPublishManage/venueManage';
const VENUE_API = '/api/kaoshi-exam/venue';
const v = zh.venue;

describe('Venues and seat plans', () => {
  const session = adminSession();
  const { tag } = session;
  const screens = examScreens(session);

  it('makes a venue with rooms, plans an exam’s seats and shows the plan (desktop zh, phone en)', async () => {
    const ground = await createExamGround(session, tag);
    const examId = await publishExam(session, {
      paperId: ground.paperId,
      name: `排座考试${tag}`,
      classIds: ground.batches.map((batch) => batch.id),
      startAt: dayjs().add(2, 'day'),
      endAt: dayjs().add(2, 'day').add(2, 'hour'),
    });

    const { page, unexpectedErrors } = await openPage(
      session.browser,
      session.admin,
      `${session.baseURL}${VENUES}`,
      { viewport: DESKTOP },
    );
    const main = page.locator('.app-main-page:not([hidden])');
    const venueName = `第一考点${tag}`;

    // The venue, through its form.
    await main.getByRole('button', { name: buttonName(v.venue.add) }).click();
    const venueForm = page.locator('.ant-modal').filter({ has: page.locator('#venueForm') });
    await venueForm.getByLabel(v.venue.name, { exact: true }).fill(venueName);
    await venueForm.getByLabel(v.venue.address, { exact: true }).fill('学院路 1 号');
    await clickFooterButton(venueForm, zh.common.save);
    const venueRow = main.locator('.ant-table-row', { hasText: venueName });
    await venueRow.waitFor();

    // Two rooms in its drawer: 3 seats with its computers' range, and 6 seats.
    await venueRow.getByRole('button', { name: v.venue.manageRooms }).click();
    const drawer = page.locator('.venue-rooms-drawer');
    for (const [name, seats, range] of [
      ['101 考场', 3, '10.8.1.0/24'],
      ['102 考场', 6, ''],
    ] as const) {
      await drawer.getByRole('button', { name: buttonName(v.room.add) }).click();
      const roomForm = page.locator('.ant-modal').filter({ has: page.locator('#roomForm') });
      await roomForm.getByLabel(v.room.name, { exact: true }).fill(name);
      await roomForm.getByLabel(v.room.seats, { exact: true }).fill(String(seats));
      if (range) await roomForm.getByLabel(v.room.ipAllowList).fill(range);
      await clickFooterButton(roomForm, zh.common.save);
      await drawer.locator('.ant-table-row', { hasText: name }).waitFor();
    }
    await screens.settled(page);
    await screenshot(page, 'venues-rooms-desktop-zh');
    await drawer.locator('.ant-drawer-close').click();
    await expect.poll(() => venueRow.innerText()).toContain('9');

    // The exam's seat plan: both rooms in order, batches together, a gap between the same batch.
    await pushPath(page, `/examPublishManage/seatPlan?examId=${examId}`);
    const form = main.locator('.seat-plan-form');
    await form.waitFor();
    const rooms = form.getByRole('combobox', { name: v.plan.rooms });
    // A multiple select stays open: both rooms picked in order, then closed.
    const dropdown = await openSelect(page, rooms);
    for (const room of ['101 考场', '102 考场']) {
      await rooms.pressSequentially(venueName);
      await dropdown
        .locator('.ant-select-item-option', { hasText: `${venueName} · ${room}` })
        .click();
    }
    await rooms.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
    await form.getByLabel(v.plan.gap).check();
    await form.getByRole('button', { name: buttonName(v.plan.run) }).click();
    const roomCards = main.locator('.seat-plan-room');
    await expect.poll(() => roomCards.count()).toBe(2);
    // The form keeps what the plan was made with.
    await expect.poll(() => form.getByLabel(v.plan.gap).isChecked()).toBe(true);
    await screens.settled(page);
    await screenshot(page, 'seat-plan-desktop-zh');

    // 3 + 2 candidates in ticket order: A _ B | C _ D _ E (a new batch needs no gap).
    const plan = await session.admin.call<SeatPlan>(
      'GET',
      `${VENUE_API}/getSeatPlan?examId=${examId}`,
    );
    const [first, second] = ground.batches;
    expect(plan.rooms.map((room) => room.candidates.map((c) => `${c.name}@${c.seat}`))).toEqual([
      [`${first!.students[0]!.name}@1`, `${first!.students[1]!.name}@3`],
      [
        `${first!.students[2]!.name}@1`,
        `${second!.students[0]!.name}@2`,
        `${second!.students[1]!.name}@4`,
      ],
    ]);
    await expect.poll(() => roomCards.first().innerText()).toContain(first!.students[1]!.name);

    // The same plan in English on a phone: the page fits the window.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.setViewportSize(PHONE);
    await page.reload();
    await main.locator('.seat-plan-room').first().waitFor();
    await expect.poll(() => main.locator('.seat-plan').innerText()).toContain('Seat plan');
    await screens.settled(page);
    expect(await widthBeyondWindow(page)).toBeLessThanOrEqual(0);
    // The move action of a seated row is whole inside the window at 390 px (it was cut off).
    const moveAction = main
      .locator('.seat-plan-room')
      .first()
      .getByRole('button', { name: 'Move' });
    const box = await moveAction.first().boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'seat-plan-phone-en');
    await pushPath(page, VENUES);
    await main.locator('.venue-manage .ant-table-row', { hasText: venueName }).waitFor();
    await screens.settled(page);
    expect(await widthBeyondWindow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'venues-phone-en');
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('shows the plan per session: two sessions reusing one room (desktop zh, phone en)', async () => {
    const ground = await createExamGround(session, `${tag}s`);
    const start = dayjs().add(3, 'day').startOf('hour');
    const examId = await publishExam(session, {
      paperId: ground.paperId,
      name: `分场次考试${tag}`,
      classIds: ground.batches.map((batch) => batch.id),
      startAt: start,
      endAt: start.add(4, 'hour'),
    });
    const call = <T>(method: string, path: string, body?: unknown) =>
      session.admin.call<T>(method, `${VENUE_API}/${path}`, body);
    const venue = await call<{ id: number }>('POST', 'addVenue', { name: `场次考点${tag}` });
    const room = await call<{ id: number }>('POST', 'addRoom', {
      venueId: venue.id,
      name: '201 考场',
      seats: 4,
    });
    await call('PUT', 'setSessions', {
      examId,
      sessions: [
        { name: '上午场', startAt: start.toISOString(), endAt: start.add(2, 'hour').toISOString() },
        {
          name: '下午场',
          startAt: start.add(2, 'hour').toISOString(),
          endAt: start.add(4, 'hour').toISOString(),
        },
      ],
    });
    await call('POST', 'planSeats', { examId, roomIds: [room.id], mode: 'batches' });

    const { page, unexpectedErrors } = await openPage(
      session.browser,
      session.admin,
      `${session.baseURL}/examPublishManage/seatPlan?examId=${examId}`,
      { viewport: DESKTOP },
    );
    const main = page.locator('.app-main-page:not([hidden])');
    const choice = main.locator('.seat-plan-session-choice');
    await choice.waitFor();
    const roomCard = main.locator('.seat-plan-room').first();
    // 5 candidates in ticket order: 3 in the morning, 2 in the afternoon, each from seat 1.
    const [first, second] = ground.batches;
    await expect.poll(() => roomCard.innerText()).toContain(first!.students[2]!.name);
    await expect
      .poll(() => main.locator('.seat-plan-sessions').getByPlaceholder(v.session.name).count())
      .toBe(2);
    await screens.settled(page);
    await screenshot(page, 'seat-plan-sessions-desktop-zh');
    await choice.getByText('下午场', { exact: false }).click();
    await expect.poll(() => roomCard.innerText()).toContain(second!.students[1]!.name);
    expect(await roomCard.innerText()).not.toContain(first!.students[0]!.name);

    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.setViewportSize(PHONE);
    await page.reload();
    await choice.waitFor();
    await screens.settled(page);
    expect(await widthBeyondWindow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'seat-plan-sessions-phone-en');
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });
});
