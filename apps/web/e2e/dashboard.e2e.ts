import fs from 'node:fs';
import type { DashboardView, Envelope } from '@kaoshi/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh';
import { createAnalysisExam, signInStudent, type AnalysisFixture } from './analysis-fixture';
import type { ApiClient } from './api';
import {
  DESKTOP,
  PHONE,
  buttonName,
  collectConsoleErrors,
  newPage,
  openSignedIn,
  screenshot,
  widthBeyondViewport,
} from './browser';
import { LOCALES, MESSAGES, fill } from './languages';
import { adminSession } from './session';

// The dashboard's figures by role (docs/features/analysis.md) over the analysis fixture (its make-up left
// unreleased, so its marker still has it to mark): an administrator's counts, questions by review
// state and the 30-day pass rate chart; a teacher's batches and marking progress; a student's
// upcoming exam counting down, released result and certificate. Every figure is compared with
// the answer the page itself received (other files add data to the same server meanwhile).

const STUDENT_PASSWORD = 'Dashboard#2026';

/** A count as antd's Statistic writes it (1,234). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

describe('Dashboard figures', () => {
  const session = adminSession();
  const { baseURL } = session;
  const tag = `DB${Date.now().toString(36).toUpperCase()}`;
  let fx: AnalysisFixture;
  let student: ApiClient;

  beforeAll(async () => {
    fx = await createAnalysisExam(session.admin, baseURL, tag, { releaseMakeUp: false });
    // The marker teaches batch A.
    await session.admin.call('POST', '/api/kaoshi-school/classes/bindClassTeachers', {
      classId: fx.batches[0].classId,
      userIds: [fx.marking.markers[0]!.id],
    });
    student = await signInStudent(baseURL, fx.candidates[0]!.student, STUDENT_PASSWORD);
  });

  /** Opens the dashboard as `as`; answers the page and the figures its own call received. */
  const open = async (as: ApiClient, language: keyof typeof LOCALES = 'zh', viewport = DESKTOP) => {
    const page = await newPage(session.browser, { locale: LOCALES[language], viewport });
    const errors = collectConsoleErrors(page);
    const answer = page.waitForResponse((response) =>
      response.url().includes('/analysis/dashboard'),
    );
    await openSignedIn(page, as, `${baseURL}/dashboard`);
    const { data } = (await (await answer).json()) as Envelope<DashboardView>;
    await page.locator(`.dashboard-figures[data-role="${data.role}"]`).waitFor();
    return { page, errors, view: data };
  };
  const count = (page: Page, key: string) =>
    page.locator(`.dashboard-counts [data-figure="${key}"] .ant-statistic-content-value`);

  it("an administrator's counts, questions by review state and the 30-day pass rate", async () => {
    const { page, errors, view } = await open(session.admin);
    expect(view.role).toBe('admin');
    const admin = view.admin!;
    expect(await count(page, 'students').textContent()).toBe(grouped(admin.students));
    expect(await count(page, 'today').textContent()).toBe(grouped(admin.exams.today));
    expect(await count(page, 'running').textContent()).toBe(grouped(admin.exams.running));
    expect(await count(page, 'upcoming').textContent()).toBe(grouped(admin.exams.upcoming));
    const questions = admin.questionsByState.reduce((sum, row) => sum + row.count, 0);
    expect(await count(page, 'questions').textContent()).toBe(grouped(questions));
    for (const row of admin.questionsByState) {
      expect(
        await page.locator(`.dashboard-bars li[data-state="${row.state}"]`).textContent(),
      ).toContain(String(row.count));
    }
    // The fixture's released exam is in the 30 days: its six who sat among them.
    const sat = admin.passRate.reduce((sum, day) => sum + day.sat, 0);
    expect(sat).toBeGreaterThanOrEqual(fx.candidates.filter((c) => !c.absent).length);
    const passed = admin.passRate.reduce((sum, day) => sum + day.passed, 0);
    expect(await page.locator('.dashboard-pass-summary').textContent()).toBe(
      fill(zh.dashboard.admin.passRateSummary, {
        passed,
        sat,
        rate: Math.round((passed / sat) * 1000) / 10,
      }),
    );
    const chart = page.locator('.dashboard-pass-chart svg');
    await chart.waitFor();
    // Both axes named, the rate in percent; the bars and the line drawn.
    await expect.poll(() => chart.textContent()).toContain(zh.dashboard.admin.rate);
    expect(await chart.textContent()).toContain(zh.dashboard.admin.sat);
    expect(await chart.textContent()).toContain('100%');
    expect(await chart.locator('path').count()).toBeGreaterThan(3);
    // The greeting and the shortcuts stay.
    expect(await page.locator('.dashboard-shortcut').count()).toBeGreaterThan(3);
    expect(await page.locator('.dashboard-certificates-link').getAttribute('href')).toBe(
      '/examAnalysis/certificates',
    );
    await screenshot(page, 'dashboard-admin-zh');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a teacher's batches and the exams they mark with the progress", async () => {
    const marker = fx.marking.markers[0]!;
    const { page, errors, view } = await open(marker.api);
    expect(view.role).toBe('teacher');
    const teacher = view.teacher!;
    const batch = teacher.batches.find((b) => b.id === fx.batches[0].classId)!;
    expect(batch.students).toBe(fx.candidates.filter((c) => c.batch === 0).length);
    const batchRow = page.locator(`.dashboard-batches [data-batch="${batch.id}"]`);
    expect(await batchRow.textContent()).toContain(batch.name);
    expect(await batchRow.textContent()).toContain(
      fill(zh.dashboard.teacher.students_other, { count: batch.students }),
    );
    // The make-up, marked through and not released: every answer final, all by this marker.
    const makeUp = teacher.marking.find((exam) => exam.examId === fx.makeUp.examId)!;
    expect(makeUp.finalized).toBe(makeUp.answers);
    expect(makeUp.answers).toBe(2 * fx.makeUp.candidates.length);
    const item = page.locator(`.dashboard-marking [data-exam="${makeUp.examId}"]`);
    expect(await item.textContent()).toContain(fx.makeUp.examName);
    expect(await item.locator('.ant-progress-indicator').textContent()).toBe(
      fill(zh.dashboard.teacher.progressText, { done: makeUp.finalized, total: makeUp.answers }),
    );
    expect(await item.textContent()).toContain(
      fill(zh.dashboard.teacher.mine_other, { count: makeUp.mine }),
    );
    await screenshot(page, 'dashboard-teacher-zh');
    await item.getByRole('button', { name: buttonName(zh.dashboard.teacher.open) }).click();
    await expect.poll(() => page.url()).toContain(`examId=${makeUp.examId}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a student's upcoming exam counting down, released result and certificate", async () => {
    const { page, errors, view } = await open(student);
    expect(view.role).toBe('student');
    const mine = view.student!;
    // The attempt fixture's own exam opens in two days.
    const upcoming = mine.upcoming.find((exam) => exam.examId === fx.marking.attempt.examId)!;
    expect(upcoming.open).toBe(false);
    const countdown = page.locator(
      `.dashboard-upcoming [data-exam="${upcoming.examId}"] .dashboard-countdown`,
    );
    const first = (await countdown.textContent())!;
    const days = Math.floor(upcoming.startsInMs / 86_400_000);
    expect(first).toMatch(
      new RegExp(
        `^${fill(zh.dashboard.student.opensIn, {
          time: `${fill(zh.myExams.countdown.days_other, { count: days })} \\d{2}:\\d{2}:\\d{2}`,
        })}$`,
      ),
    );
    // It ticks.
    await expect.poll(() => countdown.textContent()).not.toBe(first);

    const result = mine.results.find((r) => r.examId === fx.examId)!;
    expect([result.score, result.passed]).toEqual([fx.candidates[0]!.total, true]);
    const resultRow = page.locator(`.dashboard-results [data-exam="${fx.examId}"]`);
    expect(await resultRow.textContent()).toContain(
      fill(zh.dashboard.student.score, { score: result.score, total: result.total }),
    );
    expect(await resultRow.textContent()).toContain(zh.dashboard.student.passed);

    const card = page.locator('.dashboard-certificates .certificate-card');
    await card.waitFor();
    expect(await card.textContent()).toContain(fx.examName);
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: buttonName(zh.certificate.mine.download) }).click();
    const file = await (await download).path();
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await screenshot(page, 'dashboard-student-zh');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reads in en, es and ja and fits a phone', async () => {
    for (const language of ['en', 'es', 'ja'] as const) {
      const texts = MESSAGES[language].dashboard;
      const { page, errors } = await open(session.admin, language);
      expect(await page.locator('.dashboard-pass-rate .ant-card-head-title').textContent()).toBe(
        texts.admin.passRate,
      );
      await page.locator('.dashboard-pass-chart svg').waitFor();
      await screenshot(page, `dashboard-admin-${language}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
    for (const [who, as] of [
      ['admin', session.admin],
      ['student', student],
    ] as const) {
      const { page } = await open(as, 'zh', PHONE);
      expect(await widthBeyondViewport(page)).toBe(0);
      await screenshot(page, `dashboard-${who}-phone`);
      await page.context().close();
    }
  });
});
