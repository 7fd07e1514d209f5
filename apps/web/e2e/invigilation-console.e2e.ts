import { ATTEMPT_BASE, Perm, RoleKey, type AttemptView } from '@kaoshi/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createRole } from './api';
import { createAttemptExam, type AttemptFixture, type ExamStudent } from './attempt-fixture';
import {
  DESKTOP,
  PHONE,
  buttonName,
  collectConsoleErrors,
  newPage,
  openPage,
  screenshot,
  widthBeyondViewport,
  widthBeyondWindow,
} from './browser';
import { LOCALES, MESSAGES } from './languages';
import { adminSession } from './session';

// The invigilator's console (docs/features/invigilation.md) in Chromium: an invigilator assigned
// to the room of a published exam (check-in required, candidates held until the room starts),
// two candidates in other contexts. At 1366 px in Chinese: 我的监考, check-in (one with a door
// photo from the fake camera), Start room, Pause room (the candidates' pages say so), Resume
// (their pages run again); then the console at a tablet's 820 px in English with its room record,
// at a phone's 390 px, and in Spanish and Japanese.

const VENUE_API = '/api/kaoshi-exam/venue';
const TABLET = { width: 820, height: 1180 };
const PASSWORD = 'invigilate-pass-1';
const zh = MESSAGES.zh.invigilate;

describe('The invigilator’s console', () => {
  // A fake camera that needs no permission prompt: the door photo is a real capture.
  const session = adminSession([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
  ]);
  const { baseURL, tag } = session;
  let fixture: AttemptFixture;
  let roomId: number;
  let invigilator: ApiClient;

  beforeAll(async () => {
    fixture = await createAttemptExam(session.admin, baseURL, `IC${tag}`, {
      students: 2,
      exam: { requireCheckIn: true, holdUntilRoomStart: true },
    });
    const admin = session.admin;
    const { id: venueId } = await admin.call<{ id: number }>('POST', `${VENUE_API}/addVenue`, {
      name: `第一考点${tag}`,
      address: '',
    });
    ({ id: roomId } = await admin.call<{ id: number }>('POST', `${VENUE_API}/addRoom`, {
      venueId,
      name: `第01考场${tag}`,
      seats: 30,
      ipAllowList: [],
    }));
    await admin.call('POST', `${VENUE_API}/planSeats`, {
      examId: fixture.examId,
      roomIds: [roomId],
      mode: 'batches',
    });
    const roleKey = `INVIGILATOR_${tag}`;
    await createRole(admin, roleKey, `监考员${tag}`, [Perm.PUBLISH_GROUP, Perm.INVIGILATE]);
    const name = `inv${tag.toLowerCase()}`;
    const userId = await admin.createUser(
      name,
      2,
      [roleKey, RoleKey.SUPER],
      `监考老师${tag}`,
      PASSWORD,
    );
    await admin.call('PUT', `${VENUE_API}/setRoomInvigilators`, {
      examId: fixture.examId,
      roomId,
      userIds: [userId],
    });
    invigilator = await ApiClient.signIn(baseURL, name, PASSWORD, 2);
  });

  const rowOf = (page: Page, student: ExamStudent) =>
    page.locator(`[data-student="${student.id}"]`);

  /** The student starts (allowed now) and opens their exam page in a context of their own. */
  const candidatePage = async (student: ExamStudent) => {
    const api = await fixture.signIn(student);
    const view = await api.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, {
      examId: fixture.examId,
    });
    const page = await newPage(session.browser, { locale: LOCALES.zh, viewport: DESKTOP });
    const errors = collectConsoleErrors(page);
    await api.addSessionTo(page.context());
    await page.goto(`${baseURL}/socketA?attemptId=${view.attemptId}`);
    await page.locator('.exam-header').waitFor();
    return { page, errors };
  };

  it('checks in, starts, pauses and resumes the room; fits a tablet and a phone; four languages', async () => {
    const { page, errors } = await openPage(
      session.browser,
      invigilator,
      `${baseURL}/examPublishManage/myInvigilation`,
      { locale: LOCALES.zh, viewport: DESKTOP },
    );
    // 我的监考 in the sidebar, the room listed: its console opens.
    await page
      .locator('[data-testid=sidebar]')
      .getByText(MESSAGES.zh.route.myInvigilation)
      .waitFor();
    const mine = page.locator('.my-invigilation .ant-table-row', { hasText: fixture.examName });
    await mine.waitFor();
    await screenshot(page, 'invigilation-my-rooms-zh', { fullPage: false });
    await mine.getByRole('button', { name: buttonName(zh.open) }).click();
    const console_ = page.locator('.invigilation-console');
    await console_.locator('.console-link', { hasText: zh.live }).waitFor();
    const [a, b] = [fixture.students[0]!, fixture.students[1]!];
    await rowOf(page, a).locator('.console-state-notArrived').waitFor();
    await screenshot(page, 'invigilation-console-arrival-zh', { fullPage: false });

    // A: checked in with a photo taken at the door (the fake camera).
    await rowOf(page, a).getByRole('button', { name: zh.checkIn }).click();
    const dialog = page.locator('.ant-modal').filter({ has: page.locator('.check-in-dialog') });
    await dialog.locator('.check-in-id').waitFor();
    expect(await dialog.innerText()).toContain(a.name);
    await dialog.getByRole('button', { name: buttonName(zh.checkInDialog.takePhoto) }).click();
    await dialog.locator('video.door-camera').waitFor();
    await dialog.getByRole('button', { name: buttonName(zh.checkInDialog.capture) }).click();
    await dialog.locator('img.door-camera').waitFor();
    await screenshot(page, 'invigilation-check-in-zh', { fullPage: false });
    await dialog.getByRole('button', { name: buttonName(zh.checkInDialog.confirm) }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf(page, a).locator('.console-state-checkedIn').waitFor();
    // B: checked in without a photo.
    await rowOf(page, b).getByRole('button', { name: zh.checkIn }).click();
    await dialog.locator('.check-in-id').waitFor();
    await dialog.getByRole('button', { name: buttonName(zh.checkInDialog.confirm) }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf(page, b).locator('.console-state-checkedIn').waitFor();
    // The door photo was kept with A's check-in.
    const room = await invigilator.call<{ candidates: { studentId: number; doorPhoto: string }[] }>(
      'GET',
      `/api/kaoshi-exam/invigilation/getRoom?examId=${fixture.examId}&roomId=${roomId}`,
    );
    expect(room.candidates.find((c) => c.studentId === a.id)?.doorPhoto).toBeTruthy();
    expect(room.candidates.find((c) => c.studentId === b.id)?.doorPhoto).toBeFalsy();

    // Start the room (confirmed): the held candidates may begin.
    await console_.getByRole('button', { name: buttonName(zh.startRoom) }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: buttonName(zh.startRoom) }).click();
    await console_.locator('.console-room-start.ant-tag-green').waitFor();
    const first = await candidatePage(a);
    const second = await candidatePage(b);
    // Live: the rows change without a reload.
    await rowOf(page, a).locator('.console-state-inProgress').waitFor();
    await rowOf(page, b).locator('.console-state-inProgress').waitFor();
    await screenshot(page, 'invigilation-console-running-zh', { fullPage: false });

    // Pause the room with a reason: both pages show the pause at once.
    await console_.getByRole('button', { name: buttonName(zh.pauseRoom) }).click();
    const reasonDialog = page.locator('.ant-modal').filter({ hasText: zh.pauseRoomTitle });
    await reasonDialog.getByLabel(zh.reason).fill('考场停电');
    await reasonDialog.locator('.ant-modal-footer .ant-btn-primary').click();
    for (const candidate of [first, second]) {
      const overlay = candidate.page.locator('.exam-paused');
      await overlay.waitFor();
      expect(await overlay.innerText()).toContain('考场停电');
    }
    await rowOf(page, a).locator('.console-state-paused').waitFor();
    await rowOf(page, b).locator('.console-state-paused').waitFor();
    await screenshot(page, 'invigilation-console-paused-zh', { fullPage: false });
    await screenshot(first.page, 'invigilation-candidate-paused-zh', { fullPage: false });

    // Resume: the papers are back.
    await console_.getByRole('button', { name: buttonName(zh.resumeRoom) }).click();
    const resumeDialog = page.locator('.ant-modal').filter({ hasText: zh.resumeRoomTitle });
    await resumeDialog.getByLabel(zh.reason).fill('来电了');
    await resumeDialog.locator('.ant-modal-footer .ant-btn-primary').click();
    for (const candidate of [first, second]) {
      await candidate.page.locator('.exam-paused').waitFor({ state: 'hidden' });
      await candidate.page.locator('.exam-paper').waitFor();
    }
    await rowOf(page, a).locator('.console-state-inProgress').waitFor();
    await screenshot(first.page, 'invigilation-candidate-resumed-zh', { fullPage: false });

    // A tablet in English: the table fits 820 px; the room record tab.
    const en = MESSAGES.en.invigilate;
    await page.setViewportSize(TABLET);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await console_.locator('.console-link', { hasText: en.live }).waitFor();
    await rowOf(page, a).locator('.console-state-inProgress').waitFor();
    expect(await widthBeyondViewport(page)).toBeLessThanOrEqual(0);
    const actions = rowOf(page, a).getByRole('button', { name: en.pause });
    expect(await actions.isVisible()).toBe(true);
    await screenshot(page, 'invigilation-console-tablet-en', { fullPage: false });
    await page.getByRole('tab', { name: en.tabRecord }).click();
    await page
      .locator('.irregularity-panel')
      .getByText(MESSAGES.en.irregularity.title, { exact: true })
      .waitFor();
    await page.locator('.room-documents').waitFor();
    await screenshot(page, 'invigilation-room-record-tablet-en', { fullPage: false });

    // A phone: a card per candidate, its actions on the card, nothing wider than the window.
    await page.setViewportSize(PHONE);
    await page.getByRole('tab', { name: en.tabCandidates }).click();
    const card = page.locator(`.console-card[data-student="${a.id}"]`);
    await card.waitFor();
    expect(await card.getByRole('button', { name: en.pause }).isVisible()).toBe(true);
    expect(await widthBeyondWindow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'invigilation-console-phone-en', { fullPage: false });

    // Spanish and Japanese at 1366 px.
    await page.setViewportSize(DESKTOP);
    for (const language of ['es', 'ja'] as const) {
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      await page.reload();
      const text = MESSAGES[language].invigilate;
      await console_.locator('.console-link', { hasText: text.live }).waitFor();
      await rowOf(page, a).locator('.console-state-inProgress').waitFor();
      expect(await console_.innerText()).toContain(text.states.inProgress);
      await screenshot(page, `invigilation-console-${language}`, { fullPage: false });
    }

    expect(errors).toEqual([]);
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
    await first.page.context().close();
    await second.page.context().close();
    await page.context().close();
  });
});
