import {
  SERVER_MESSAGES,
  clientPasswordHash,
  type AttemptView,
  type MyExamsView,
} from '@kaoshi/shared';
import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en';
import zh from '../src/i18n/locales/zh';
import { ApiClient } from './api';
import { PAPER_ITEMS, createAttemptExam, type AttemptFixture } from './attempt-fixture';
import {
  DESKTOP,
  PHONE,
  newPage,
  openSignedIn,
  openedPopup,
  pushPath,
  screenshot,
  widthBeyondWindow,
  openPage,
} from './browser';
import { LOCALES, MESSAGES, fill, type Language } from './languages';
import { adminSession } from './session';
import { axeFindings } from './axe-findings';

// A student's exams (/exam-student/examStudentTest) as a candidate sees them: open, upcoming
// with a countdown from the server's clock (even when the device's clock is wrong), finished with
// the result as each exam's policy allows; starting through the notice's reading time and the
// access code, a wrong code refused in the server's words, a late entry refused, Continue going
// back to the same attempt; four languages and phone width, with screenshots.

const LIST = '/exam-student/examStudentTest';
const ATTEMPT_API = '/api/kaoshi-attempt/attempt';
const EXAM_API = '/api/kaoshi-exam/exam';
const m = zh.myExams;
const READ_SECONDS = 3;
/**
 * The reading time of the exam whose dialog is checked while it counts: long enough that the
 * checks of the still-locked dialog end before it does on a busy machine (3 s ran out once).
 */
const LONG_READ_SECONDS = 10;
const ACCESS_CODE = 'KS-2026';
const NEW_PASSWORD = 'Exam#2026!';

const sentence = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
/** A wrong code's refusal, which counts the tries left before the lock (any number of them). */
const wrongCode = (language: keyof typeof SERVER_MESSAGES.accessCodeWrongTries) =>
  new RegExp(
    `^${sentence(SERVER_MESSAGES.accessCodeWrongTries[language])
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace('{left}', '\\d')}$`,
  );
/** An instant as the cards show it: its time alone today, with its date another day. */
const shownTime = (iso: string) =>
  dayjs(iso).isSame(dayjs(), 'day')
    ? dayjs(iso).format('HH:mm')
    : dayjs(iso).format('YYYY-MM-DD HH:mm');

describe("A student's exams", () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  let fx: AttemptFixture;
  let student: ApiClient;
  const names = {
    submitted: '',
    scored: `已出分的考试${tag}`,
    hidden: `不公布成绩的考试${tag}`,
    upcoming: `三小时后开考${tag}`,
    late: `迟到限制已过${tag}`,
    code: `带口令和须知的考试${tag}`,
    dialog: `多语言口令考试${tag}`,
    outside: `限定考场的考试${tag}`,
  };
  const ids: Record<keyof typeof names, number> = {
    submitted: 0,
    scored: 0,
    hidden: 0,
    upcoming: 0,
    late: 0,
    code: 0,
    dialog: 0,
    outside: 0,
  };

  /**
   * The student starts `examId` through the API, answers the single choice right (and the short
   * answer, which then waits for marking, when `short`), and submits.
   */
  async function sitAndSubmit(examId: number, { short = false } = {}) {
    const attempt = await student.call<AttemptView>('POST', `${ATTEMPT_API}/startAttempt`, {
      examId,
    });
    const itemAt = (section: number) => attempt.paper.sections[section]!.items[0]!.itemId;
    const answers = [{ itemId: itemAt(PAPER_ITEMS.single.section), seq: 1, value: 'A' }];
    if (short) {
      answers.push({
        itemId: itemAt(PAPER_ITEMS.short.section),
        seq: 1,
        value: PAPER_ITEMS.short.answer,
      });
    }
    await student.call('POST', `${ATTEMPT_API}/saveAnswers`, {
      attemptId: attempt.attemptId,
      answers,
    });
    await student.call('POST', `${ATTEMPT_API}/submitAttempt/${attempt.attemptId}`);
  }

  const myExams = () => student.call<MyExamsView>('GET', `${ATTEMPT_API}/listMyExams`);

  beforeAll(async () => {
    fx = await createAttemptExam(session.admin, baseURL, `M${tag}`);
    names.submitted = fx.examName;
    ids.submitted = fx.examId;
    // A student still on the initial password is asked to change it: done, as they would.
    const first = await fx.signIn();
    await first.call('POST', '/api/kaoshi-user/user/updatePass', {
      oldPass: clientPasswordHash(fx.student.password),
      newPass: clientPasswordHash(NEW_PASSWORD),
    });
    student = await ApiClient.signIn(baseURL, fx.student.ticketNumber, NEW_PASSWORD, 3);

    const { id: noticeId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-paper/instruction/addInstruction',
      {
        title: `考场规则${tag}`,
        body: '<p>请独立作答，<strong>不得</strong>使用手机。</p><ol><li>开考后计时不停。</li><li>时间到自动交卷。</li></ol>',
        allSubjects: false,
        subjectIds: [fx.bank.subjectId],
        minReadSeconds: READ_SECONDS,
      },
    );
    ids.scored = await fx.publish(names.scored);
    ids.hidden = await fx.publish(names.hidden, { showResult: 'none' });
    ids.upcoming = await fx.publish(names.upcoming, {
      startAt: dayjs().add(3, 'hour').toISOString(),
      endAt: dayjs().add(5, 'hour').toISOString(),
    });
    // Opened five minutes ago; no one may start more than a minute after opening.
    ids.late = await fx.publish(names.late, { lateEntryMinutes: 1 });
    const guarded = {
      instructionId: noticeId,
      accessCode: ACCESS_CODE,
      durationMinutes: 45,
      lateEntryMinutes: 120,
    };
    const { id: longNoticeId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-paper/instruction/addInstruction',
      {
        title: `考场规则（长）${tag}`,
        body: '<p>请独立作答，<strong>不得</strong>使用手机。</p><ol><li>开考后计时不停。</li><li>时间到自动交卷。</li></ol>',
        allSubjects: false,
        subjectIds: [fx.bank.subjectId],
        minReadSeconds: LONG_READ_SECONDS,
      },
    );
    ids.code = await fx.publish(names.code, { ...guarded, instructionId: longNoticeId });
    ids.dialog = await fx.publish(names.dialog, guarded);
    // Only from an exam room's addresses: not this test's loopback.
    ids.outside = await fx.publish(names.outside, { ipAllowList: ['10.123.0.0/16'] });
    await session.admin.call('POST', `${EXAM_API}/setExtraTime`, {
      examId: ids.code,
      studentId: fx.student.id,
      minutes: 10,
    });
    await sitAndSubmit(ids.submitted, { short: true });
    await sitAndSubmit(ids.scored);
    await sitAndSubmit(ids.hidden);
  });

  const card = (page: Page, examId: number) =>
    page.locator(`.my-exam-card[data-exam-id="${examId}"]`);
  const dialog = (page: Page) => page.locator('.ant-modal.start-exam-dialog');

  async function open(language: Language = 'zh', viewport = DESKTOP, init?: () => void) {
    const opened = await openPage(session.browser, student, `${baseURL}${LIST}`, {
      locale: LOCALES[language],
      viewport,
      beforeOpening: init && ((page) => page.addInitScript(init)),
    });
    await opened.page.locator('.my-exam-card').first().waitFor();
    return opened;
  }

  /** Opens the start dialog of the card, once it has finished opening. */
  async function openStart(page: Page, examId: number): Promise<Locator> {
    await card(page, examId).locator('.my-exam-start').click();
    return openedPopup(page, dialog(page));
  }

  it('shows open, upcoming and finished exams with their facts, countdown and results', async () => {
    const { page, unexpectedErrors } = await open();
    const section = (name: string) => page.locator(`.my-exams-section.section-${name}`);

    // Open now: Start for those the student may still start, the reason for the one they may not.
    const openCards = section('open').locator('.my-exam-card');
    await expect.poll(() => openCards.count()).toBe(4);
    expect(await section('open').locator('h2').innerText()).toContain(m.sections.open);
    const code = card(page, ids.code);
    expect(await code.locator('.my-exam-start').innerText()).toMatch(/开始考试/);
    const codeText = await code.innerText();
    expect(codeText).toContain(names.code);
    expect(codeText).toContain(`${fx.bank.jobTypeName} · ${zh.school.levels.junior}`);
    expect(codeText).toContain(fill(m.facts.minutes_other, { count: 45 }));
    expect(codeText).toContain(fill(m.facts.extra_other, { count: 10 }));
    expect(codeText).toContain(m.facts.accessCode);
    expect(codeText).toContain(m.facts.notice);
    const exams = await myExams();
    const codeView = exams.exams.find((exam) => exam.examId === ids.code)!;
    expect(codeText).toContain(
      fill(m.facts.lateEntryUntil, { time: shownTime(codeView.lateEntryUntil!) }),
    );
    expect(await code.locator('.my-exam-enter-within').innerText()).toMatch(
      /^请在 01:5\d:\d\d 内开始作答$/,
    );

    const late = card(page, ids.late);
    expect(await late.locator('.my-exam-start').count()).toBe(0);
    const lateView = exams.exams.find((exam) => exam.examId === ids.late)!;
    expect(await late.locator('.my-exam-refusal').innerText()).toBe(
      fill(m.lateEntryOver, { time: shownTime(lateView.lateEntryUntil!) }),
    );
    expect(await late.locator('.my-exam-state').innerText()).toBe(m.state.lateEntryOver);

    // Upcoming: the countdown to the opening, three hours less the setup's minutes.
    const upcoming = card(page, ids.upcoming);
    expect(await section('upcoming').locator('.my-exam-card').count()).toBe(1);
    expect(await upcoming.locator('.my-exam-countdown-label').innerText()).toContain(
      m.countdown.startsIn,
    );
    expect(await upcoming.locator('.my-exam-countdown-value').innerText()).toMatch(
      /^0[23]:[0-5]\d:[0-5]\d$/,
    );
    expect(await upcoming.locator('.my-exam-start').count()).toBe(0);

    // Finished: how each ended, and the result as its policy says.
    const submitted = card(page, ids.submitted);
    expect(await section('finished').locator('.my-exam-card').count()).toBe(3);
    expect(await submitted.locator('.my-exam-state').innerText()).toBe(m.state.submitted);
    // The short answer waits for marking: the automatically scored part so far.
    expect(await submitted.locator('.my-exam-objective').innerText()).toBe(
      fill(m.result.objective, { score: 10 }),
    );
    expect(await submitted.locator('.my-exam-pending').innerText()).toBe(
      fill(m.result.pending_one, { count: 1 }),
    );
    expect(await submitted.locator('.my-exam-score').count()).toBe(0);
    // Nothing to mark (the short answer and the link task left blank), but the paper has questions
    // for markers: the total and pass wait for the release, the objective part shows.
    const scored = card(page, ids.scored);
    expect(await scored.locator('.my-exam-objective').innerText()).toBe(
      fill(m.result.objective, { score: 10 }),
    );
    expect(await scored.locator('.my-exam-score, .my-exam-pending').count()).toBe(0);
    expect(await card(page, ids.hidden).locator('.my-exam-no-result').innerText()).toBe(
      m.result.hidden,
    );
    expect(await card(page, ids.hidden).locator('.my-exam-score, .my-exam-objective').count()).toBe(
      0,
    );

    await screenshot(page, 'my-exams-zh-desktop');
    expect(await axeFindings(page)).toEqual([]);
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it("counts down to the server's opening time on a device whose clock is wrong, and opens and closes exams without a reload", async () => {
    // The device's clock is two hours slow: a countdown from it would read 02:00:xx.
    const opensAt = dayjs().add(25, 'second');
    const soonId = await fx.publish(`马上开考${tag}`, {
      startAt: opensAt.toISOString(),
      endAt: dayjs().add(2, 'hour').toISOString(),
    });
    // Open since five minutes ago and closing as the other opens: never started, absent.
    const closesAt = opensAt.add(1, 'second').millisecond(0);
    const closingId = await fx.publish(`即将结束${tag}`, {
      durationMinutes: 1,
      endAt: closesAt.toISOString(),
    });
    const { page, unexpectedErrors } = await open('zh', DESKTOP, () => {
      const shift = -2 * 3600 * 1000;
      const RealDate = Date;
      class SlowDate extends RealDate {
        constructor(...args: unknown[]) {
          if (args.length === 0) super(RealDate.now() + shift);
          else super(...(args as [string]));
        }
        static override now() {
          return RealDate.now() + shift;
        }
      }
      globalThis.Date = SlowDate as DateConstructor;
    });
    expect(await page.evaluate(() => Date.now() - performance.timeOrigin)).toBeLessThan(
      -3600 * 1000,
    );
    await page.evaluate(() => ((window as unknown as { kept: number }).kept = 1));
    const soon = card(page, soonId);
    const value = soon.locator('.my-exam-countdown-value');
    expect(await value.innerText()).toMatch(/^00:00:[0-2]\d$/);
    expect(await card(page, closingId).locator('.my-exam-start').count()).toBe(1);
    await screenshot(page, 'my-exams-countdown-slow-clock', { fullPage: false });
    // The window opens: the same page (no reload) offers Start.
    await soon.locator('.my-exam-start').waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { kept?: number }).kept)).toBe(1);
    expect(await soon.locator('.my-exam-state').innerText()).toBe(m.state.startable);
    // The window closed: finished, absent, still without a reload.
    const closing = page.locator(`.section-finished .my-exam-card[data-exam-id="${closingId}"]`);
    await closing.waitFor({ timeout: 60_000 });
    expect(await closing.locator('.my-exam-state').innerText()).toBe(m.state.absent);
    expect(await closing.locator('.my-exam-how').innerText()).toBe(
      fill(m.finished.absent, { time: closesAt.format('YYYY-MM-DD HH:mm') }),
    );
    expect(await page.evaluate(() => (window as unknown as { kept?: number }).kept)).toBe(1);
    await closing.scrollIntoViewIfNeeded();
    await screenshot(page, 'my-exams-opened-and-closed', { fullPage: false });
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('starts through the notice and the access code, refuses a wrong code, and continues the same attempt', async () => {
    const { page, unexpectedErrors } = await open();
    // The server's answer to the notice's opening is held: the reading time does not count until
    // it comes (counted from the dialog's opening, a slow answer let Start go before the server's
    // time, which refused it).
    let answerNotice!: () => void;
    const noticeHeld = new Promise<void>((resolve) => (answerNotice = resolve));
    await page.route('**/openNotice', async (route) => {
      await noticeHeld;
      await route.continue();
    });
    const box = await openStart(page, ids.code);
    const read = box.locator('.start-exam-read input[type=checkbox]');
    const start = box.locator('.start-exam-confirm');
    const readLeft = box.locator('.start-exam-read-left');
    const asking = fill(m.dialog.readFor_other, { count: LONG_READ_SECONDS });
    expect(await readLeft.innerText()).toBe(asking);
    await page.waitForTimeout(1_500);
    expect(await readLeft.innerText()).toBe(asking);
    answerNotice();
    // The notice, sanitized HTML as written, with its reading time.
    expect(await box.locator('.start-exam-notice-body strong').innerText()).toBe('不得');
    expect(await box.locator('.start-exam-notice-body li').count()).toBe(2);
    expect(await read.isDisabled()).toBe(true);
    const left = (await box.locator('.start-exam-read-left').innerText()).match(
      /^请认真阅读考试须知，(\d+) 秒后可以确认。$/,
    );
    expect(Number(left?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(left?.[1])).toBeLessThanOrEqual(LONG_READ_SECONDS);
    expect(await start.isDisabled()).toBe(true);
    // 45 minutes and the student's 10 extra.
    expect(await box.locator('.start-exam-timing').innerText()).toContain(
      fill(m.dialog.timing_other, { count: 55 }),
    );
    await screenshot(page, 'my-exams-start-reading-zh', { fullPage: false });
    expect(await axeFindings(page)).toEqual([]);
    await expect.poll(() => read.isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await box.locator('.start-exam-read-left').count()).toBe(0);
    expect(await start.isDisabled()).toBe(true);
    await read.check();
    expect(await start.isEnabled()).toBe(true);

    // No code, then a wrong code: refused in place, in the server's words.
    const codeInput = box.getByLabel(m.dialog.accessCode);
    const codeError = box.locator('.start-exam-code .ant-form-item-explain-error');
    await start.click();
    await codeError.waitFor();
    expect(await codeError.innerText()).toBe(m.dialog.accessCodeMissing);
    await codeInput.fill('WRONG-1');
    await start.click();
    // The code's refusal, or (named in the failure) any other refusal the dialog shows instead.
    const refusal = codeError.or(box.locator('.start-exam-problem'));
    await expect.poll(() => refusal.innerText()).toMatch(wrongCode('zh'));
    await screenshot(page, 'my-exams-start-wrong-code-zh', { fullPage: false });
    expect((await myExams()).exams.find((exam) => exam.examId === ids.code)!.attempt).toBeNull();

    // The right code: the exam page of the new attempt.
    await codeInput.fill(ACCESS_CODE);
    await start.click();
    await page.waitForURL(/\/socketA\?attemptId=\d+$/);
    const attemptId = Number(new URL(page.url()).searchParams.get('attemptId'));
    const started = (await myExams()).exams.find((exam) => exam.examId === ids.code)!;
    expect(started.attempt?.id).toBe(attemptId);
    expect(await dialog(page).locator('.ant-modal-content:visible').count()).toBe(0);
    await screenshot(page, 'my-exams-landed-zh', { fullPage: false });

    // Back to the list: Continue, with the time left, goes back to the same attempt.
    await pushPath(page, LIST);
    const code = card(page, ids.code);
    const resume = code.locator('.my-exam-continue');
    await resume.waitFor();
    expect(await code.locator('.my-exam-state').innerText()).toBe(m.state.running);
    expect(await code.locator('.my-exam-countdown-value').innerText()).toMatch(
      /^00:(5[0-5]|4\d):[0-5]\d$/,
    );
    await screenshot(page, 'my-exams-continue-zh', { fullPage: false });
    await resume.click();
    await page.waitForURL(new RegExp(`/socketA\\?attemptId=${attemptId}$`));
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('shows in the dialog why the server refuses a start from outside the exam room', async () => {
    const { page, unexpectedErrors } = await open();
    const box = await openStart(page, ids.outside);
    // No notice and no code: the timing and Start.
    expect(await box.locator('.start-exam-notice, .start-exam-code').count()).toBe(0);
    await box.locator('.start-exam-confirm').click();
    const problem = box.locator('.start-exam-problem');
    await problem.waitFor();
    expect(await problem.innerText()).toContain(m.dialog.refused);
    const [before, after] = SERVER_MESSAGES.addressNotAllowed.zh.split('{ip}');
    const why = await problem.locator('.ant-alert-description').innerText();
    expect(why.startsWith(before!) && why.endsWith(after!), why).toBe(true);
    await screenshot(page, 'my-exams-start-outside-zh', { fullPage: false });
    const view = (await myExams()).exams.find((exam) => exam.examId === ids.outside)!;
    expect(view.attempt).toBeNull();
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('tells an account that is no candidate why it has no exams', async () => {
    const name = `nocandidate${tag}`.toLowerCase();
    const password = 'NoExam#2026';
    await session.admin.createUser(name, 3, ['STUDENT'], `非考生${tag}`, password);
    const user = await ApiClient.signIn(baseURL, name, password, 3);
    const page = await newPage(session.browser, { locale: LOCALES.en, viewport: PHONE });
    await openSignedIn(page, user, `${baseURL}${LIST}`);
    const problem = page.locator('.my-exams-problem');
    await problem.waitFor();
    expect(await problem.innerText()).toContain(en.myExams.notCandidate);
    // Trying again would change nothing.
    expect(await problem.locator('button').count()).toBe(0);
    expect(await problem.innerText()).toContain(sentence(SERVER_MESSAGES.notAStudent.en));
    await screenshot(page, 'my-exams-no-candidate-en-phone', { fullPage: false });
    await page.context().close();
  });

  for (const language of Object.keys(LOCALES) as Language[]) {
    it(`reads naturally in ${language} at phone width, with the refusal in ${language}`, async () => {
      const t = MESSAGES[language].myExams;
      const { page, unexpectedErrors } = await open(language, PHONE);
      await page.locator('.my-exams-section.section-upcoming').waitFor();
      expect(await page.locator('.my-exams-title').innerText()).toBe(t.title);
      expect(await page.locator('.my-exams-section.section-open h2').innerText()).toContain(
        t.sections.open,
      );
      // Nothing wider than the phone.
      expect(await widthBeyondWindow(page)).toBeLessThanOrEqual(0);
      const start = card(page, ids.dialog).locator('.my-exam-start');
      const [startBox, cardBox] = [
        await start.boundingBox(),
        await card(page, ids.dialog).boundingBox(),
      ];
      // A big Start button across the card.
      expect(startBox!.height).toBeGreaterThanOrEqual(48);
      expect(startBox!.width).toBeGreaterThan(cardBox!.width * 0.8);
      await screenshot(page, `my-exams-${language}-phone`);

      const box = await openStart(page, ids.dialog);
      await screenshot(page, `my-exams-${language}-phone-dialog`, { fullPage: false });
      const read = box.locator('.start-exam-read input[type=checkbox]');
      await expect.poll(() => read.isEnabled()).toBe(true);
      await read.check();
      await box.getByLabel(t.dialog.accessCode).fill('WRONG-2');
      await box.locator('.start-exam-confirm').click();
      const codeError = box.locator('.start-exam-code .ant-form-item-explain-error');
      await expect.poll(() => codeError.innerText().catch(() => '')).toMatch(wrongCode(language));
      await screenshot(page, `my-exams-${language}-phone-refused`, { fullPage: false });
      expect(unexpectedErrors()).toEqual([]);
      await page.context().close();
    });
  }
});
