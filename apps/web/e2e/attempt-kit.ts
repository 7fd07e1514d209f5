import {
  ATTEMPT_BASE,
  type AttemptView,
  type CandidateView,
  type ListResult,
} from '@kaoshi/shared';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import zh from '../src/i18n/locales/zh';
import type { ApiClient } from './api';
import { PAPER_ITEMS, type AttemptFixture, type ExamStudent } from './attempt-fixture';
import { DESKTOP, animationsDone, collectConsoleErrors, newPage } from './browser';
import { LOCALES, MESSAGES, fill, type Language } from './languages';
import type { adminSession } from './session';

// What the exam page's browser tests share: the fixture's exam page and how to read it.

export const z = zh.attemptPage;

export const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core'),
  'utf8',
);

/**
 * axe-core's serious and critical findings (WCAG 2.x A and AA, as a11y.e2e.ts checks every
 * page) within the exam page itself, one line per element.
 */
export async function examPageViolations(page: Page): Promise<string[]> {
  await animationsDone(page);
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe.run(
      '.exam-page',
      {
        runOnly: {
          type: 'tag',
          values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'],
        },
        rules: { 'label-content-name-mismatch': { enabled: true } },
        resultTypes: ['violations'],
      },
    ),
  );
  return results.violations
    .filter((rule) => rule.impact === 'serious' || rule.impact === 'critical')
    .flatMap((rule) =>
      rule.nodes.map((node) => `${rule.id}: ${node.target.join(' ')} — ${node.failureSummary}`),
    );
}

/** The item ids of the fixture's paper, in order: one question per section. */
export const ID = {
  single: 's1q1',
  multiple: 's2q1',
  judgement: 's3q1',
  fill: 's4q1',
  short: 's5q1',
  link: 's6q1',
} as const;

/** The exam page's helpers for one admin session and the attempt fixture `fixture()`. */
export function examPageScreens(
  session: ReturnType<typeof adminSession>,
  fixture: () => AttemptFixture,
) {
  const { baseURL } = session;

  const examUrl = (attemptId: number) => `${baseURL}/socketA?attemptId=${attemptId}`;
  const saveState = (page: Page) => page.locator('.exam-save').getAttribute('data-state');
  const question = (page: Page, itemId: string) => page.locator(`[data-item="${itemId}"]`);
  const navButton = (page: Page, n: number, language: Language = 'zh') =>
    page.locator('.exam-nav').getByRole('button', {
      name: new RegExp(
        `^${fill(MESSAGES[language].attemptPage.nav.itemUnanswered, { n }).split(/[,，、]/)[0]}`,
      ),
    });

  /** The student's attempt, started through the API as the list's Start does: its id. */
  async function startAttempt(student: ExamStudent) {
    const api = await fixture().signIn(student);
    const view = await api.call<AttemptView>('POST', `${ATTEMPT_BASE}/startAttempt`, {
      examId: fixture().examId,
    });
    return { api, attemptId: view.attemptId };
  }

  /** The exam page signed in as `api`'s student, joined over the socket (the header says so). */
  async function openExam(
    api: ApiClient,
    attemptId: number,
    {
      language = 'zh',
      viewport = DESKTOP,
    }: { language?: Language; viewport?: typeof DESKTOP } = {},
  ) {
    const page = await newPage(session.browser, { locale: LOCALES[language], viewport });
    const consoleErrors = collectConsoleErrors(page);
    await api.addSessionTo(page.context());
    await page.goto(examUrl(attemptId));
    await page.locator('.exam-header').waitFor();
    await expect.poll(() => saveState(page)).toBe('saved');
    return { page, consoleErrors };
  }

  /** The answers the server holds, by item id. */
  async function serverAnswers(api: ApiClient, attemptId: number) {
    const view = await api.call<AttemptView>('GET', `${ATTEMPT_BASE}/getAttempt/${attemptId}`);
    return Object.fromEntries(view.answers.map((answer) => [answer.itemId, answer.value]));
  }

  async function candidateRow(student: ExamStudent) {
    const { list } = await session.admin.call<ListResult<CandidateView>>(
      'GET',
      `/api/kaoshi-exam/exam/listCandidate?examId=${fixture().examId}&keyword=${student.ticketNumber}`,
    );
    return list.find((row) => row.studentId === student.id);
  }

  /** What the page's IndexedDB outbox holds for the attempt: answers not yet acknowledged. */
  const outbox = (page: Page, attemptId: number) =>
    page.evaluate(
      (id) =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          const open = indexedDB.open('kaoshi-attempt');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const read = db
              .transaction('outbox')
              .objectStore('outbox')
              .index('attemptId')
              .getAll(id);
            read.onerror = () => reject(read.error);
            read.onsuccess = () => {
              db.close();
              const rows = read.result as { itemId: string; value: unknown }[];
              resolve(Object.fromEntries(rows.map((row) => [row.itemId, row.value])));
            };
          };
        }),
      attemptId,
    );

  /** Answers the single, multiple, judgement and fill-in questions: mouse, keys, keys, typing. */
  async function answerObjective(page: Page, judgement: 'T' | 'F') {
    await question(page, ID.single).locator('.exam-option', { hasText: '36 V' }).click();
    // The focus stays on the radio just clicked: → moves to the next question, not the radio.
    await page.keyboard.press('ArrowRight');
    await question(page, ID.multiple).waitFor();
    await page.keyboard.press('a');
    await page.keyboard.press('B');
    await page.keyboard.press('ArrowRight');
    await question(page, ID.judgement).waitFor();
    await page.keyboard.press(judgement === 'T' ? '1' : '2');
    await page.getByRole('button', { name: new RegExp(z.question.next) }).click();
    await question(page, ID.fill).waitFor();
    const [first, second] = PAPER_ITEMS.fill.answer;
    await page.getByRole('textbox', { name: fill(z.question.blank, { n: 1 }) }).fill(first);
    await page
      .getByRole('textbox', { name: fill(z.question.blank, { n: 2 }) })
      .pressSequentially(second);
  }

  return {
    examUrl,
    saveState,
    question,
    navButton,
    startAttempt,
    openExam,
    serverAnswers,
    candidateRow,
    outbox,
    answerObjective,
  };
}
