import fs from 'node:fs';
import type { ExamView } from '@kaoshi/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh';
import {
  animationsDone,
  answerConfirm,
  buttonName,
  collectConsoleErrors,
  openedPopup,
  pickIn,
  pickOption,
  screenshot,
} from './browser';
import { fill } from './languages';
import {
  DETAIL,
  EDIT,
  EXAM_API,
  LIST,
  TIME,
  createExamGround,
  publishExam,
  examScreens,
  x,
  type Batch,
} from './exam-kit';
import type { PaperBank } from './paper-fixture';
import { adminSession } from './session';

// Exams published through the screens as a teacher or administrator does: the steps of the
// publish form down to the candidates and overlaps it warns about, the details with their
// candidates and record, the few changes an open exam allows, admission tickets on A4, a make-up
// of an exam the clock has closed, the list and its calendar. Checked against what the API holds.
// The other languages and the phone width: exam-screens.e2e.ts.

describe('Exam publishing', () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  let bank: PaperBank;
  let paperName: string;
  let paperId: number;
  let noticeTitle: string;
  let batches: Batch[];
  /** Batch 1's exam that overlaps tomorrow's: its name, for the warnings. */
  const otherName = `先行考试${tag}`;
  /** Batch 2's exam whose window ends a minute after the fixtures: closed for the make-up. */
  const closingName = `已结束考试${tag}`;
  let closingId: number;
  /** Batch 2's exam open now, for two hours: edited as an open exam may be. */
  const openName = `进行中考试${tag}`;
  let openId: number;
  /** What the steps publish (first test); later tests read it. */
  const examName = `维修电工初级理论考试${tag}`;
  let examId: number;
  const tomorrow = dayjs().add(1, 'day').startOf('day');
  const screens = examScreens(session);
  const { main, toast, rows, step, fieldErrors, coveredHeaders } = screens;
  const { settled, open, pickTime, next, findExam } = screens;

  const api = <T>(method: string, path: string, body?: unknown) =>
    session.admin.call<T>(method, path, body);

  beforeAll(async () => {
    ({ bank, paperName, paperId, noticeTitle, batches } = await createExamGround(session, tag));

    const [first, second] = batches.map((batch) => [batch.id]);
    const otherStart = tomorrow.hour(8);
    await publishExam(session, {
      paperId,
      name: otherName,
      classIds: first!,
      startAt: otherStart,
      endAt: otherStart.hour(12),
    });
    // Opened ten minutes ago, closing a minute from now: the make-up test waits for the clock.
    closingId = await publishExam(session, {
      paperId,
      name: closingName,
      durationMinutes: 5,
      classIds: second!,
      startAt: dayjs().subtract(10, 'minute'),
      endAt: dayjs().add(1, 'minute'),
    });
    // Open since five minutes ago, for two hours: late in the evening it runs past midnight, which
    // the list and the calendar show as they would any other time of day.
    openId = await publishExam(session, {
      paperId,
      name: openName,
      durationMinutes: 1,
      classIds: second!,
      startAt: dayjs().subtract(5, 'minute'),
      endAt: dayjs().add(2, 'hour'),
    });
  });

  it('publishes an exam through the steps, warning of the students who already sit another exam then (zh)', async () => {
    const { page, unexpectedErrors } = await open(LIST);
    await main(page)
      .getByRole('button', { name: buttonName(x.add) })
      .click();
    await main(page).locator('.exam-steps').waitFor();

    // 1. The paper: nothing chosen is refused before the next step.
    await next(page);
    await expect.poll(() => fieldErrors(step(page, 1)).allInnerTexts()).toContain(x.rules.paper);
    await pickOption(page, step(page, 1), x.fields.paper, paperName);
    const facts = step(page, 1).locator('.exam-paper-facts');
    await expect.poll(() => facts.innerText()).toContain(bank.jobTypeName);
    expect(await facts.innerText()).toContain('90');
    // The name follows the paper until it is one of the user's own.
    expect(await step(page, 1).getByLabel(x.fields.name).inputValue()).toBe(paperName);
    await step(page, 1).getByLabel(x.fields.name).fill(examName);
    await screenshot(page, 'exam-edit-paper-zh', { fullPage: false });
    await next(page);

    // 2. Batches of the paper's job type and level, with their students.
    const [first, second] = batches;
    for (const batch of [first!, second!]) {
      await step(page, 2)
        .getByRole('checkbox', { name: new RegExp(batch.name) })
        .check();
    }
    await expect
      .poll(() => step(page, 2).locator('.exam-batch-total').innerText())
      .toBe(fill(x.batches.chosen_other, { batches: 2, count: 5 }));
    await screenshot(page, 'exam-edit-batches-zh', { fullPage: false });
    await next(page);

    // 3. The window: closing before opening is refused on the spot; the duration is the paper's.
    const start = tomorrow.hour(9);
    await pickTime(step(page, 3), x.fields.startAt, start);
    await pickTime(step(page, 3), x.fields.endAt, start.subtract(1, 'hour'));
    await next(page);
    await expect
      .poll(() => fieldErrors(step(page, 3)).allInnerTexts())
      .toContain(x.rules.endBeforeStart);
    await pickTime(step(page, 3), x.fields.endAt, start.add(2, 'hour'));
    expect(await step(page, 3).getByLabel(x.fields.durationMinutes).inputValue()).toBe('90');
    await step(page, 3).getByLabel(x.fields.lateEntryMinutes).fill('15');
    await step(page, 3).getByLabel(x.fields.minSubmitMinutes).fill('30');
    await next(page);

    // 4. Notice and policies; an address that is not one is refused, naming it.
    const policies = step(page, 4);
    await pickOption(page, policies, x.fields.instruction, noticeTitle);
    await policies.getByRole('switch', { name: x.fields.shuffleQuestions }).click();
    await policies.getByRole('radio', { name: x.scoring.partial }).check();
    await policies.getByLabel(x.fields.partialShare).fill('40');
    await policies.getByRole('radio', { name: x.showResult.objective }).check();
    await policies.getByLabel(x.fields.ipAllowList).fill('10.0.0.0/8\n999.1.1.1');
    await policies.getByLabel(x.fields.accessCode).fill('A1B2');
    await next(page, x.edit.toReview);
    await expect
      .poll(() => fieldErrors(policies).allInnerTexts())
      .toContain(fill(x.rules.ipInvalid, { line: '999.1.1.1' }));
    await policies.getByLabel(x.fields.ipAllowList).fill('10.0.0.0/8\n192.168.1.0/24');
    await expect.poll(() => fieldErrors(policies).count()).toBe(0);
    await screenshot(page, 'exam-edit-policies-zh');
    await next(page, x.edit.toReview);

    // 5. The review saved a draft and says whom it is for, and who sits batch 1's other exam then.
    const review = step(page, 5);
    await expect
      .poll(() => review.locator('.exam-check-total').innerText())
      .toBe(fill(x.check.total_other, { count: 5 }));
    expect(await review.locator('.exam-check-batch').allInnerTexts()).toEqual([
      fill(x.check.batch_other, { name: first!.name, count: 3 }),
      fill(x.check.batch_other, { name: second!.name, count: 2 }),
    ]);
    const overlaps = review.locator('.exam-overlaps');
    expect(await overlaps.innerText()).toContain(otherName);
    for (const student of first!.students) {
      expect(await overlaps.innerText()).toContain(student.name);
    }
    for (const student of second!.students) {
      expect(await overlaps.innerText()).not.toContain(student.name);
    }
    expect(await review.locator('.exam-review').innerText()).toContain(noticeTitle);
    const draft = await findExam(examName);
    expect(draft.state).toBe('draft');
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(draft.id));
    await animationsDone(page);
    await screenshot(page, 'exam-edit-review-zh');

    await main(page)
      .locator('.exam-step-buttons')
      .getByRole('button', { name: buttonName(x.actions.publish) })
      .click();
    const published = await openedPopup(
      page,
      page.locator('.exam-published-dialog .ant-modal-confirm-body'),
    );
    expect(await published.innerText()).toContain(fill(x.check.total_other, { count: 5 }));
    expect(await published.innerText()).toContain(otherName);
    await answerConfirm(page, zh.common.ok);
    await page.waitForURL(`${baseURL}${DETAIL}?id=${draft.id}`);

    examId = draft.id;
    const exam = await api<ExamView>('GET', `${EXAM_API}/getExam/${examId}`);
    expect(exam).toMatchObject({
      name: examName,
      state: 'upcoming',
      candidateCount: 5,
      paperId,
      startAt: start.toISOString(),
      endAt: start.add(2, 'hour').toISOString(),
      durationMinutes: 90,
      lateEntryMinutes: 15,
      minSubmitMinutes: 30,
      shuffleQuestions: true,
      shuffleOptions: false,
      multipleScoring: 'partial',
      partialShare: 0.4,
      showResult: 'objective',
      ipAllowList: ['10.0.0.0/8', '192.168.1.0/24'],
      accessCode: 'A1B2',
      instructionTitle: noticeTitle,
    });
    expect(exam.classes.map((batch) => batch.id)).toEqual([first!.id, second!.id]);
    expect(exam.paperVersionId).not.toBeNull();
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });
  it('shows the details: candidates by batch and status, extra time, removal, a student added singly, export and the change record (zh)', async () => {
    const { page, unexpectedErrors } = await open(`${DETAIL}?id=${examId}`);
    const candidates = main(page).locator('.exam-candidate-table');
    await expect.poll(() => rows(candidates).count()).toBe(5);
    expect(await main(page).locator('.exam-detail-title').innerText()).toBe(examName);
    expect(await main(page).locator('.exam-facts').innerText()).toContain(noticeTitle);
    const [first, second] = batches;

    // The second batch alone, then every candidate who has not started.
    const search = main(page).locator('form#candidateSearch');
    await pickOption(page, search, x.fields.batch, second!.name);
    await search.getByRole('button', { name: buttonName(zh.common.search) }).click();
    await expect.poll(() => rows(candidates).count()).toBe(2);
    await search.getByRole('button', { name: buttonName(zh.common.reset) }).click();
    await pickOption(page, search, x.candidates.status, zh.codes.examStatus.notStarted);
    await search.getByRole('button', { name: buttonName(zh.common.search) }).click();
    await expect.poll(() => rows(candidates).count()).toBe(5);
    expect(await candidates.locator('.exam-candidate-status').allInnerTexts()).toEqual(
      Array(5).fill(zh.codes.examStatus.notStarted),
    );
    // ID numbers are masked down to the region: no digit a password could derive from.
    expect(await rows(candidates).first().innerText()).toMatch(/110101\*{12}(?![\dX])/);

    // Fifteen extra minutes for the first candidate.
    const row = (name: string) => rows(candidates).filter({ hasText: name });
    const a = first!.students[0]!;
    await row(a.name).getByRole('button', { name: x.candidates.setExtra }).click();
    const extra = await openedPopup(page, page.locator('.ant-modal.exam-extra-dialog'));
    await extra.getByLabel(x.candidates.extraMinutes).fill('15');
    await extra.getByRole('button', { name: buttonName(zh.common.save) }).click();
    await extra.waitFor({ state: 'hidden' });
    await expect
      .poll(() => row(a.name).innerText())
      .toContain(fill(x.candidates.extra_other, { count: 15 }));

    // The last of batch 1 is removed, then added back on their own.
    const c = first!.students[2]!;
    await row(c.name).getByRole('button', { name: x.candidates.remove }).click();
    await answerConfirm(page, x.candidates.remove);
    await expect.poll(() => rows(candidates).count()).toBe(4);
    await main(page)
      .getByRole('button', { name: buttonName(x.candidates.add) })
      .click();
    const adding = await openedPopup(page, page.locator('.ant-modal.exam-add-candidates'));
    await adding.getByRole('searchbox').fill(c.ticketNumber);
    await adding.getByRole('searchbox').press('Enter');
    await expect.poll(() => rows(adding).count()).toBe(1);
    await rows(adding).getByRole('checkbox').check();
    await adding
      .getByRole('button', { name: buttonName(fill(x.candidates.addCount_other, { count: 1 })) })
      .click();
    await toast(page)
      .filter({ hasText: fill(x.candidates.added_other, { count: 1 }) })
      .waitFor();
    await expect.poll(() => rows(candidates).count()).toBe(5);
    expect(await row(c.name).innerText()).toContain(x.candidates.addedSingly);
    await animationsDone(page);
    await screenshot(page, 'exam-detail-zh');

    // The export holds what the list shows, as a spreadsheet.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main(page)
        .getByRole('button', { name: buttonName(x.candidates.export) })
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

    // The record, newest first: who did what.
    await main(page).getByRole('tab', { name: x.detail.changesTab }).click();
    const changes = main(page).locator('.exam-change-table');
    await expect.poll(() => rows(changes).count()).toBe(5);
    const actions = await changes.locator('.ant-table-row .ant-tag').allInnerTexts();
    expect(actions).toEqual([
      x.changes.actions.addCandidate,
      x.changes.actions.removeCandidate,
      x.changes.actions.extraTime,
      x.changes.actions.publish,
      x.changes.actions.create,
    ]);
    expect(await rows(changes).nth(2).innerText()).toContain(
      fill(x.changes.extraTime, { student: `${a.name} (${a.ticketNumber})`, from: 0, to: 15 }),
    );
    expect(await rows(changes).nth(3).innerText()).toContain(
      fill(x.changes.publish_other, { count: 5 }),
    );
    await screenshot(page, 'exam-detail-changes-zh', { fullPage: false });
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('edits an open exam: only a later closing time and more batches, the rest shown but locked (zh)', async () => {
    const before = await api<ExamView>('GET', `${EXAM_API}/getExam/${openId}`);
    expect(before.state).toBe('open');
    const { page, unexpectedErrors } = await open(`${EDIT}?id=${openId}`);
    await main(page).getByText(x.edit.openNote).waitFor();
    expect(await step(page, 1).getByRole('combobox', { name: x.fields.paper }).isDisabled()).toBe(
      true,
    );
    expect(await step(page, 1).getByLabel(x.fields.name).isDisabled()).toBe(true);
    await next(page);

    // Its batch stays chosen; the other may be added.
    const [first, second] = batches;
    const kept = step(page, 2).getByRole('checkbox', { name: new RegExp(second!.name) });
    expect(await kept.isChecked()).toBe(true);
    expect(await kept.isDisabled()).toBe(true);
    await step(page, 2)
      .getByRole('checkbox', { name: new RegExp(first!.name) })
      .check();
    await next(page);

    // Only the closing time, and only later.
    expect(await step(page, 3).getByLabel(x.fields.startAt).isDisabled()).toBe(true);
    expect(await step(page, 3).getByLabel(x.fields.durationMinutes).isDisabled()).toBe(true);
    const savedEnd = dayjs(before.endAt);
    await pickTime(step(page, 3), x.fields.endAt, savedEnd.subtract(2, 'minute'));
    await next(page);
    await expect
      .poll(() => fieldErrors(step(page, 3)).allInnerTexts())
      .toContain(fill(x.rules.onlyLater, { time: savedEnd.format(TIME) }));
    const later = savedEnd.add(30, 'minute');
    await pickTime(step(page, 3), x.fields.endAt, later);
    await next(page);
    expect(
      await step(page, 4).getByRole('switch', { name: x.fields.shuffleQuestions }).isDisabled(),
    ).toBe(true);
    await screenshot(page, 'exam-edit-open-zh');
    await next(page, x.edit.toReview);

    await step(page, 5).locator('.exam-check-total').waitFor();
    await main(page)
      .locator('.exam-step-buttons')
      .getByRole('button', { name: buttonName(x.edit.saveChanges) })
      .click();
    await toast(page).filter({ hasText: zh.common.saved }).waitFor();
    await expect
      .poll(() => step(page, 5).locator('.exam-check-total').innerText())
      .toBe(fill(x.check.total_other, { count: 5 }));
    const after = await api<ExamView>('GET', `${EXAM_API}/getExam/${openId}`);
    expect(after).toMatchObject({
      state: 'open',
      startAt: before.startAt,
      endAt: later.second(0).millisecond(0).toISOString(),
      candidateCount: 5,
    });
    expect(after.classes.map((batch) => batch.id).sort()).toEqual([first!.id, second!.id].sort());
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('prints the admission tickets of one batch two to an A4 sheet, each with its QR code (zh)', async () => {
    const { page } = await open(`${DETAIL}?id=${examId}`);
    await main(page)
      .getByRole('button', { name: buttonName(x.actions.tickets) })
      .click();
    const dialog = await openedPopup(page, page.locator('.ant-modal.exam-ticket-dialog'));
    const first = batches[0]!;
    await dialog.getByRole('radio', { name: new RegExp(first.name) }).check();
    const [tickets] = await Promise.all([
      page.context().waitForEvent('page'),
      dialog.getByRole('button', { name: buttonName(x.tickets.open) }).click(),
    ]);
    const errors = collectConsoleErrors(tickets);
    await tickets.waitForURL(/admissionTicket\?examId=\d+&classId=\d+/);
    // In seat order: the third was removed and added back in the last test, seated last.
    const seats = [1, 2, 6];
    const ticket = tickets.locator('.ticket');
    await expect.poll(() => ticket.count()).toBe(3);
    expect(await tickets.locator('.ticket-page').count()).toBe(2);
    expect(
      await tickets
        .locator('.ticket-page')
        .evaluateAll((pages) => pages.map((sheet) => sheet.querySelectorAll('.ticket').length)),
    ).toEqual([2, 1]);
    for (const [n, student] of first.students.entries()) {
      const one = ticket.nth(n);
      expect(await one.getAttribute('data-ticket')).toBe(student.ticketNumber);
      const text = await one.innerText();
      for (const shown of [x.ticket.title, student.name, examName, first.name, bank.jobTypeName]) {
        expect(text).toContain(shown);
      }
      expect(await one.locator('[data-field="idNumber"] dd').innerText()).toMatch(/^110101\*+/);
      expect(await one.locator('[data-field="seat"] dd').innerText()).toBe(String(seats[n]));
      expect(await one.locator('[data-field="signIn"] dd').innerText()).toBe(`${baseURL}/login`);
      expect(await one.locator('.ticket-qr svg').count()).toBe(1);
    }
    // The first student's photo is shown; the others leave a box to glue one in.
    await expect
      .poll(() =>
        ticket
          .first()
          .locator('.ticket-photo img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await ticket.nth(1).locator('.ticket-photo').innerText()).toBe(x.ticket.photo);
    await settled(tickets);
    await screenshot(tickets, 'exam-tickets-zh');

    // Printed: only the sheets, on A4, two tickets and then one.
    await tickets.emulateMedia({ media: 'print' });
    for (const frame of ['.sidebar-container', '.navbar', '.tags-view', '.ticket-print-toolbar']) {
      await expect
        .poll(() => tickets.locator(frame).first().isVisible(), { message: frame })
        .toBe(false);
    }
    await tickets.setViewportSize({ width: 680, height: 960 });
    // The app's frame follows the new width (a phone's layout) before the sheets are drawn at it.
    await expect
      .poll(() =>
        tickets
          .locator('.ticket-page')
          .first()
          .evaluate((sheet) => sheet.getBoundingClientRect().x),
      )
      .toBe(0);
    await screenshot(tickets, 'exam-tickets-print-zh');
    const buffer = await tickets.pdf({ preferCSSPageSize: true, printBackground: false });
    const results = new URL('../../../test-results/', import.meta.url);
    fs.mkdirSync(results, { recursive: true });
    fs.writeFileSync(new URL('exam-tickets-zh.pdf', results), buffer);
    const pdf = buffer.toString('latin1');
    expect((pdf.match(/\/Type\s*\/Page\b/g) ?? []).length).toBe(2);
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
    expect(box, 'the PDF names its page size').not.toBeNull();
    expect([Math.round(Number(box![1])), Math.round(Number(box![2]))]).toEqual([595, 842]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('publishes a make-up of an exam the clock has closed, for its absent candidates (zh)', async () => {
    // Its window ends a minute after the fixtures: wait for the server to call it closed.
    await expect
      .poll(async () => (await api<ExamView>('GET', `${EXAM_API}/getExam/${closingId}`)).state, {
        timeout: 90_000,
        interval: 2_000,
      })
      .toBe('closed');
    const { page, unexpectedErrors } = await open(LIST);
    const search = main(page).locator('form#examSearch');
    await search.getByLabel(x.list.keyword).fill(closingName);
    await search.getByRole('button', { name: buttonName(zh.common.search) }).click();
    const table = main(page).locator('.exam-table');
    await expect.poll(() => rows(table).count()).toBe(1);
    expect(await rows(table).locator('.exam-state-tag').innerText()).toBe(x.states.closed);
    await rows(table).getByRole('button', { name: x.actions.makeUp }).click();
    const dialog = await openedPopup(page, page.locator('.ant-modal.exam-make-up-dialog'));
    await dialog.locator('form#makeUpForm').waitFor();

    // Scores are not released: only the absent can be chosen, and the dialog says why.
    expect(
      await dialog
        .getByRole('radio', { name: x.makeUp.whoOptions.failed, exact: true })
        .isDisabled(),
    ).toBe(true);
    expect(
      await dialog.getByRole('radio', { name: x.makeUp.whoOptions.both, exact: true }).isDisabled(),
    ).toBe(true);
    expect(
      await dialog
        .getByRole('radio', { name: x.makeUp.whoOptions.absent, exact: true })
        .isChecked(),
    ).toBe(true);
    expect(await dialog.innerText()).toContain(x.makeUp.needsRelease);
    // The exam's own paper is chosen.
    expect(await dialog.locator('.ant-select-content').first().innerText()).toContain(paperName);
    const start = tomorrow.hour(14);
    await pickTime(dialog, x.fields.startAt, start);
    await pickTime(dialog, x.fields.endAt, start.add(1, 'hour'));
    await dialog.getByLabel(x.fields.durationMinutes).fill('30');
    await settled(page);
    await screenshot(page, 'exam-make-up-zh', { fullPage: false });
    await dialog.getByRole('button', { name: buttonName(x.makeUp.publish) }).click();
    await dialog.getByText(x.makeUp.published).waitFor();
    expect(await dialog.locator('.exam-check-total').innerText()).toBe(
      fill(x.check.total_other, { count: 2 }),
    );
    await animationsDone(page);
    await screenshot(page, 'exam-make-up-done-zh', { fullPage: false });

    await dialog.getByRole('button', { name: buttonName(x.makeUp.openMakeUp) }).click();
    await page.waitForURL(/examDetail\?id=\d+/);
    const makeUpId = Number(new URL(page.url()).searchParams.get('id'));
    const makeUp = await api<ExamView>('GET', `${EXAM_API}/getExam/${makeUpId}`);
    expect(makeUp).toMatchObject({
      state: 'upcoming',
      candidateCount: 2,
      paperId,
      durationMinutes: 30,
      startAt: start.toISOString(),
      makeUpOf: { id: closingId, who: 'absent' },
    });
    await main(page).locator('.exam-facts').getByText(closingName).waitFor();
    const original = await api<ExamView>('GET', `${EXAM_API}/getExam/${closingId}`);
    expect(original.makeUps).toEqual([
      { id: makeUpId, name: makeUp.name, who: 'absent', candidateCount: 2 },
    ]);
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('lists the exams with their states, searches them, and shows them on a month calendar (zh)', async () => {
    const { page, unexpectedErrors } = await open(LIST);
    const search = main(page).locator('form#examSearch');
    await search.getByLabel(x.list.keyword).fill(tag);
    await search.getByRole('button', { name: buttonName(zh.common.search) }).click();
    const table = main(page).locator('.exam-table');
    await expect.poll(() => rows(table).count()).toBe(5);
    const stateOf = (name: string) =>
      rows(table).filter({ hasText: name }).first().locator('.exam-state-tag').innerText();
    expect(await stateOf(examName)).toBe(x.states.upcoming);
    expect(await stateOf(otherName)).toBe(x.states.upcoming);
    expect(await stateOf(openName)).toBe(x.states.open);
    const makeUpRow = rows(table).filter({ has: page.locator('.exam-make-up-of') });
    expect(await makeUpRow.locator('.exam-make-up-of').innerText()).toContain(closingName);
    await settled(page);
    expect(await coveredHeaders(page)).toEqual([]);
    await screenshot(page, 'exam-list-zh', { fullPage: false });

    await pickOption(page, search, x.fields.state, x.states.closed);
    await search.getByRole('button', { name: buttonName(zh.common.search) }).click();
    await expect.poll(() => rows(table).count()).toBe(1);
    expect(await rows(table).innerText()).toContain(closingName);
    await pickIn(page, search.getByRole('combobox', { name: x.fields.state }), x.states.upcoming);
    await search.getByRole('button', { name: buttonName(zh.common.search) }).click();
    await expect.poll(() => rows(table).count()).toBe(3);

    // The calendar shows the same search on the days: the closed and the open exam on the day each
    // opened (a few minutes ago: yesterday, just after midnight), the steps' exam tomorrow.
    await search.getByRole('button', { name: buttonName(zh.common.reset) }).click();
    await search.getByLabel(x.list.keyword).fill(tag);
    await search.getByRole('button', { name: buttonName(zh.common.search) }).click();
    await main(page).getByText(x.list.asCalendar, { exact: true }).click();
    const calendar = main(page).locator('.exam-calendar');
    const day = (date: Dayjs) => calendar.locator(`td[title="${date.format('YYYY-MM-DD')}"]`);
    let shownMonth = dayjs().startOf('month');
    /** Turns the calendar to the month of `date` (it opens on the current one). */
    const showMonthOf = async (date: Dayjs) => {
      while (!shownMonth.isSame(date, 'month')) {
        const later = date.isAfter(shownMonth);
        const name = later ? x.calendar.next : x.calendar.previous;
        await calendar.getByRole('button', { name }).click();
        shownMonth = shownMonth.add(later ? 1 : -1, 'month');
      }
    };
    for (const [name, id] of [
      [closingName, closingId],
      [openName, openId],
    ] as const) {
      const { startAt } = await api<ExamView>('GET', `${EXAM_API}/getExam/${id}`);
      await showMonthOf(dayjs(startAt));
      const items = day(dayjs(startAt)).locator('.exam-calendar-item');
      await items.filter({ hasText: name }).waitFor();
      expect(await items.filter({ hasText: examName }).count()).toBe(0);
    }
    await showMonthOf(tomorrow);
    // Tomorrow: batch 1's other exam at 08:00, then the one the steps published at 09:00.
    const tomorrows = day(tomorrow).locator('.exam-calendar-item');
    await tomorrows.filter({ hasText: examName }).waitFor();
    expect(await tomorrows.filter({ hasText: otherName }).innerText()).toMatch(/^08:00\s/);
    expect(await tomorrows.filter({ hasText: examName }).innerText()).toMatch(/^09:00\s/);
    await settled(page);
    await screenshot(page, 'exam-calendar-zh');
    await day(tomorrow).locator('.exam-calendar-item', { hasText: examName }).click();
    await page.waitForURL(`${baseURL}${DETAIL}?id=${examId}`);
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });
});
