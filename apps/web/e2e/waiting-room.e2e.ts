import { INVIGILATION_BASE, type SeatPlan } from '@kaoshi/shared';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAttemptExam, type AttemptFixture, type ExamStudent } from './attempt-fixture';
import { DESKTOP, PHONE, openPage, openedPopup, screenshot, widthBeyondViewport } from './browser';
import { LOCALES, MESSAGES, type Language } from './languages';
import { adminSession } from './session';

// The candidate's waiting page (docs/features/invigilation.md): an exam that requires check-in
// and holds its candidates until the room starts. Start shows what the page waits for; the
// invigilator's check-in and room start (through the API here) move it on without a reload.

const VENUE = '/api/kaoshi-exam/venue';
const LIST = '/exam-student/examStudentTest';

describe('The waiting page before an invigilated start', () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  let fixture: AttemptFixture;
  let roomId: number;
  let seated: SeatPlan['rooms'][number]['candidates'];

  beforeAll(async () => {
    fixture = await createAttemptExam(session.admin, baseURL, `WR${tag}`, {
      students: 4,
      exam: { requireCheckIn: true, holdUntilRoomStart: true },
    });
    const admin = session.admin;
    const venueId = (
      await admin.call<{ id: number }>('POST', `${VENUE}/addVenue`, {
        name: `Waiting ${tag}`,
        address: '',
      })
    ).id;
    roomId = (
      await admin.call<{ id: number }>('POST', `${VENUE}/addRoom`, {
        venueId,
        name: `Room ${tag}`,
        seats: 10,
        ipAllowList: [],
      })
    ).id;
    await admin.call('POST', `${VENUE}/planSeats`, {
      examId: fixture.examId,
      roomIds: [roomId],
      mode: 'batches',
    });
    seated = (
      await admin.call<SeatPlan>('GET', `${VENUE}/getSeatPlan?examId=${fixture.examId}`)
    ).rooms.flatMap((room) => room.candidates);
  });

  /** The admin publishes for every batch of the exam: they reach the room as its chief. */
  const checkIn = (student: ExamStudent) =>
    session.admin.call('POST', `${INVIGILATION_BASE}/checkInCandidate`, {
      examId: fixture.examId,
      roomId,
      studentId: seated.find((c) => c.ticketNumber === student.ticketNumber)!.studentId,
      confirmed: true,
    });

  /** The student's My exams, Start pressed: the dialog, waiting. */
  async function waitingPage(student: ExamStudent, language: Language, viewport = DESKTOP) {
    const opened = await openPage(
      session.browser,
      await fixture.signIn(student),
      `${baseURL}${LIST}`,
      {
        locale: LOCALES[language],
        viewport,
      },
    );
    const { page } = opened;
    await page.locator(`.my-exam-card[data-exam-id="${fixture.examId}"] .my-exam-start`).click();
    const box = await openedPopup(page, page.locator('.ant-modal.start-exam-dialog'));
    await box.locator('.start-exam-confirm').click();
    return { ...opened, box };
  }

  const waitingFor = async (box: Locator, wait: 'checkIn' | 'roomStart', language: Language) => {
    const shown = box.locator(`.start-exam-waiting[data-wait="${wait}"]`);
    await shown.waitFor();
    const words = MESSAGES[language].myExams.dialog;
    expect(await shown.innerText()).toContain(
      wait === 'checkIn' ? words.waitCheckIn : words.waitRoomStart,
    );
    // A wait is no refusal: no error shown.
    expect(await box.locator('.start-exam-problem').count()).toBe(0);
    if (wait === 'roomStart') {
      // The server's times: the window, and the minutes counted from the room's start.
      const line = (template: string) =>
        new RegExp(template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{\w+\}\}/g, '.+'));
      expect(await shown.locator('.start-exam-waiting-window').innerText()).toMatch(
        line(words.waitWindow),
      );
      expect(await shown.locator('.start-exam-waiting-minutes').innerText()).toMatch(
        line(words.waitFromRoomStart_other),
      );
    }
  };

  const landed = (page: Page) => page.waitForURL(/\/socketA\?attemptId=\d+$/);

  it('waits for the check-in, then for the room, and starts by itself when the room starts', async () => {
    const [zhStudent, enStudent, esStudent, jaStudent] = fixture.students;
    const pages: Page[] = [];

    // en and ja (phone): the check-in wait, as each language words it.
    const en = await waitingPage(enStudent!, 'en');
    pages.push(en.page);
    await waitingFor(en.box, 'checkIn', 'en');
    await screenshot(en.page, 'waiting-room-check-in-en', { fullPage: false });
    const ja = await waitingPage(jaStudent!, 'ja', PHONE);
    pages.push(ja.page);
    await waitingFor(ja.box, 'checkIn', 'ja');
    expect(await widthBeyondViewport(ja.page)).toBe(0);
    await screenshot(ja.page, 'waiting-room-check-in-ja-phone', { fullPage: false });

    // es: checked in at the door, the page moves on to the room's wait without a reload.
    const es = await waitingPage(esStudent!, 'es');
    pages.push(es.page);
    await waitingFor(es.box, 'checkIn', 'es');
    await checkIn(esStudent!);
    await waitingFor(es.box, 'roomStart', 'es');
    await screenshot(es.page, 'waiting-room-room-start-es', { fullPage: false });

    // zh: the whole way.
    const zh = await waitingPage(zhStudent!, 'zh');
    pages.push(zh.page);
    await waitingFor(zh.box, 'checkIn', 'zh');
    await screenshot(zh.page, 'waiting-room-check-in-zh', { fullPage: false });
    await checkIn(zhStudent!);
    await waitingFor(zh.box, 'roomStart', 'zh');
    await screenshot(zh.page, 'waiting-room-room-start-zh', { fullPage: false });
    const reloads = { count: 0 };
    zh.page.on('framenavigated', (frame) => {
      if (frame === zh.page.mainFrame() && !frame.url().includes('/socketA')) reloads.count += 1;
    });

    // The room starts: both checked-in pages start their attempts by themselves.
    await session.admin.call('POST', `${INVIGILATION_BASE}/startRoom`, {
      examId: fixture.examId,
      roomId,
    });
    await Promise.all([landed(zh.page), landed(es.page)]);
    await zh.page.locator('.exam-header').waitFor();
    expect(reloads.count).toBe(0);
    await screenshot(zh.page, 'waiting-room-started-zh', { fullPage: false });
    // Not checked in: still waiting for the door.
    await waitingFor(en.box, 'checkIn', 'en');

    for (const opened of [zh, en, es, ja]) expect(opened.unexpectedErrors()).toEqual([]);
    for (const page of pages) await page.context().close();
  });
});
