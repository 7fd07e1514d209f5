import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAttemptExam, type AttemptFixture } from './attempt-fixture';
import { ID, examPageScreens, z } from './attempt-kit';
import { DESKTOP, keepResult, openPage, screenshot } from './browser';
import { LOCALES, MESSAGES, fill, type Language } from './languages';
import { adminSession } from './session';

// The encrypted answer file (docs/features/answer-file.md) in Chromium: the network cut, answers
// given offline, the file saved from the offline banner with no server call, then uploaded in
// the proctor view's row action (zh, then en): the answers arrive once, a second upload applies
// nothing new.

describe('The encrypted answer file', () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  let fixture: AttemptFixture;

  beforeAll(async () => {
    fixture = await createAttemptExam(session.admin, baseURL, tag, { students: 1 });
  });

  const { saveState, question, startAttempt, openExam, serverAnswers, outbox } = examPageScreens(
    session,
    () => fixture,
  );

  async function openProctor(language: Language) {
    const url = `${baseURL}/examPublishManage/proctor?examId=${fixture.examId}`;
    const { page } = await openPage(session.browser, session.admin, url, {
      locale: LOCALES[language],
      viewport: DESKTOP,
    });
    await page.locator('.proctor-link-live').waitFor();
    return page;
  }

  /** Uploads `file` on the candidate's row; answers the summary's text. */
  async function upload(page: Page, language: Language, ticket: string, file: string) {
    const texts = MESSAGES[language].proctor.answerFile;
    await page
      .locator(`.proctor-row-${ticket}`)
      .getByRole('button', { name: texts.action })
      .click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByText(texts.intro).waitFor();
    await dialog.locator('input[type=file]').setInputFiles(file);
    const result = dialog.getByTestId('answer-file-result');
    await result.waitFor();
    return result;
  }

  it('is saved offline on the exam page and applied once through the proctor view', async () => {
    const student = fixture.students[0]!;
    const { api, attemptId } = await startAttempt(student);
    const { page } = await openExam(api, attemptId);
    await page.context().setOffline(true);
    await expect.poll(() => saveState(page)).toBe('offline');
    await question(page, ID.single).locator('.exam-option', { hasText: '36 V' }).click();
    await page.keyboard.press('ArrowRight');
    await question(page, ID.multiple).waitFor();
    await page.keyboard.press('a');
    await page.keyboard.press('b');
    await expect
      .poll(() => outbox(page, attemptId))
      .toEqual({ [ID.single]: 'A', [ID.multiple]: 'AB' });
    const banner = page.locator('.exam-offline');
    expect(await banner.innerText()).toContain(z.answerFile.hint);
    await screenshot(page, 'answer-file-zh-exam-page', { fullPage: false });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      banner.getByRole('button', { name: z.answerFile.download }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `${student.ticketNumber.replace(/[^\w-]+/g, '_')}-${attemptId}.kaoshi-answers`,
    );
    const file = (await download.path())!;
    const text = fs.readFileSync(file, 'utf8');
    keepResult(download.suggestedFilename(), Buffer.from(text));
    // The attempt in clear; not the answers.
    expect(JSON.parse(text)).toMatchObject({ attemptId });
    expect(text).not.toContain('"AB"');
    expect(await serverAnswers(api, attemptId)).toEqual({});

    // The machine never reconnects; the invigilator uploads the file.
    const proctor = await openProctor('zh');
    const p = MESSAGES.zh.proctor.answerFile;
    const result = await upload(proctor, 'zh', student.ticketNumber, file);
    expect(await result.innerText()).toContain(fill(p.applied_other, { count: 2 }));
    await screenshot(proctor, 'answer-file-zh-upload', { fullPage: false });
    expect(await serverAnswers(api, attemptId)).toEqual({ [ID.single]: 'A', [ID.multiple]: 'AB' });
    await proctor.close();

    // Again, in English: nothing new.
    const en = await openProctor('en');
    const again = await upload(en, 'en', student.ticketNumber, file);
    const e = MESSAGES.en.proctor.answerFile;
    expect(await again.innerText()).toContain(e.nothingNew);
    expect(await again.innerText()).toContain(fill(e.ignored_other, { count: 2 }));
    await screenshot(en, 'answer-file-en-upload-again', { fullPage: false });
    await en.close();
    await page.close();
  });
});
