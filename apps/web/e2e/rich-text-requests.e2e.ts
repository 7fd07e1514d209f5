import {
  clientPasswordHash,
  type AttemptView,
  type Envelope,
  type PrintPaper,
} from '@kaoshi/shared';
import dayjs from 'dayjs';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh';
import { ApiClient } from './api';
import {
  E2E_ADMIN_PASSWORD,
  buttonName,
  newPage,
  openSignedIn,
  openedPopup,
  screenshot,
} from './browser';
import { createPaperBank, type PaperBank } from './paper-fixture';
import { claimResidentId } from './resident-ids';
import { adminSession } from './session';

// Finding 1 of the outside report: a teacher's rich text pointed images and media at the spec's
// state-changing GETs (reSetPass, logout). Whoever viewed it (the administrator auditing the
// print view, every candidate) made the call with their own session. The HTML goes straight to
// the API, as an attacker would send it, through every rich-text field; the pages that show it
// must make no API call but their own.

const QUESTION_API = '/api/kaoshi-question/question';
const PAPER_API = '/api/kaoshi-paper/paper';
const EXAM_API = '/api/kaoshi-exam/exam';
const PRINT = '/examPublishManage/paperPrint';
const BANK = '/baseData/index';
const MY_EXAMS = '/exam-student/examStudentTest';
const FILE_ROUTE = '/api/kaoshi-files/file/';
const VICTIM_PASSWORD = 'Victim#2026';
const STUDENT_PASSWORD = 'Exam#2026!';

/** What the planted markup asks browsers to load: the calls the attack is after. */
const FORBIDDEN_CALL = /\/api\/kaoshi-user\/user\/(logout|reSetPass)/;

describe('Rich text makes no API call of its own', () => {
  const session = adminSession();
  const { baseURL } = session;
  const tag = `R${Date.now().toString(36).toUpperCase()}`;
  const stem = `攻击题${tag}`;
  let bank: PaperBank;
  let victim: { id: number; name: string };
  let paperId: number;
  let examId: number;
  let student: { ticketNumber: string; password: string };

  /**
   * Every way markup makes a browser load a URL by itself, each aimed at a call that changes
   * state: the victim's password reset and the viewer's sign-out; some by path, some by the
   * page's own absolute address, some through KaTeX.
   */
  const attack = (field: string) => {
    const reset = `/api/kaoshi-user/user/reSetPass/${victim.id}`;
    const logout = '/api/kaoshi-user/user/logout';
    return [
      `<p>${field}${tag}</p>`,
      `<img src="${reset}" alt="a">`,
      `<img src="${baseURL}${logout}" alt="b">`,
      `<img src="${FILE_ROUTE}../../kaoshi-user/user/reSetPass/${victim.id}" alt="c">`,
      `<img srcset="${logout} 1x, ${reset} 2x" alt="d">`,
      `<picture><source srcset="${reset}"><img alt="e"></picture>`,
      `<audio src="${logout}" preload="auto" controls></audio>`,
      `<video src="${reset}" poster="${logout}" preload="auto" controls></video>`,
      `<video preload="auto"><source src="${logout}"><track src="${reset}"></video>`,
      `<table background="${logout}"><tr><td background="${reset}">x</td></tr></table>`,
      `<object data="${logout}"></object><embed src="${reset}">`,
      `<iframe src="${logout}"></iframe>`,
      `<link rel="prefetch" href="${reset}">`,
      `<span data-type="formula" data-latex="\\includegraphics{${reset}}">f</span>`,
      `<span data-type="formula" data-latex="\\href{${logout}}{x}">g</span>`,
    ].join('');
  };

  beforeAll(async () => {
    const { admin } = session;
    victim = { id: 0, name: `victim${tag}`.toLowerCase() };
    victim.id = await admin.createUser(victim.name, 2, [], `受害者${tag}`, VICTIM_PASSWORD);
    bank = await createPaperBank(admin, baseURL, tag, { judgement: 1 });

    const { id: questionId } = await admin.call<{ id: number }>(
      'POST',
      `${QUESTION_API}/addQuestion`,
      {
        subjectId: bank.subjectId,
        level: bank.level,
        courseId: bank.course.id,
        pointId: bank.points[0]!.id,
        difficulty: 3,
        type: 0,
        content: `<p>${stem}</p>${attack('题干')}`,
        options: [
          { key: 'A', content: attack('选项A'), correct: true },
          { key: 'B', content: attack('选项B'), correct: false },
        ],
        analysis: attack('解析'),
      },
    );
    await admin.call('POST', `${QUESTION_API}/batchQuestion`, {
      ids: [questionId],
      action: 'submit',
    });
    await bank.reviewer.api.call('POST', `${QUESTION_API}/batchQuestion`, {
      ids: [questionId],
      action: 'approve',
    });

    // Paper and section descriptions are plain text: the markup must stay text.
    ({ id: paperId } = await admin.call<{ id: number }>('POST', `${PAPER_API}/addPaper`, {
      name: `攻击试卷${tag}`,
      subjectId: bank.subjectId,
      level: bank.level,
      description: attack('试卷说明'),
      passScore: 10,
      durationMinutes: 60,
      mode: 'manual',
      sections: [
        {
          title: '单选题',
          description: attack('大题说明'),
          questions: [
            { questionId, score: 10 },
            { questionId: bank.byType[2]![0]!, score: 10 },
          ],
        },
      ],
    }));
    await admin.call('POST', `${PAPER_API}/submitPaper/${paperId}`);
    await bank.reviewer.api.call('POST', `${PAPER_API}/auditPaper`, { id: paperId, result: 1 });

    const { id: instructionId } = await admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-paper/instruction/addInstruction',
      {
        title: `攻击须知${tag}`,
        body: attack('考试须知'),
        allSubjects: false,
        subjectIds: [bank.subjectId],
      },
    );
    const { id: classId } = await admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-school/classes/addClasses',
      { subjectId: bank.subjectId, level: bank.level, name: `攻击批次${tag}`, code: `RT-${tag}` },
    );
    const idNumber = claimResidentId();
    const created = await admin.call<{ ticketNumber: string; initialPassword: string }>(
      'POST',
      '/api/kaoshi-base/student/addStudent',
      { name: `应考${tag}`, idNumber, classId },
    );
    // Off the initial password, which the app first makes them change.
    const first = await ApiClient.signIn(baseURL, created.ticketNumber, created.initialPassword, 3);
    await first.call('POST', '/api/kaoshi-user/user/updatePass', {
      oldPass: clientPasswordHash(created.initialPassword),
      newPass: clientPasswordHash(STUDENT_PASSWORD),
    });
    student = { ticketNumber: created.ticketNumber, password: STUDENT_PASSWORD };
    ({ id: examId } = await admin.call<{ id: number }>('POST', `${EXAM_API}/addExam`, {
      name: `攻击考试${tag}`,
      paperId,
      instructionId,
      classIds: [classId],
      startAt: dayjs().subtract(5, 'minute').toISOString(),
      endAt: dayjs().add(3, 'hour').toISOString(),
      durationMinutes: 60,
      showResult: 'objective',
    }));
    await admin.call('POST', `${EXAM_API}/publishExam/${examId}`);
  });

  /** Every request the page makes, from before its first load. */
  function recordRequests(page: Page): Request[] {
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    return requests;
  }

  /**
   * The API requests that are not the app's own calls: a script's fetch or XHR (and the exam
   * channel's socket), or a stored file. Waits until the page's network has gone quiet, so what
   * the shown markup would load has been asked for.
   */
  async function foreignApiRequests(page: Page, requests: Request[]) {
    await page.waitForLoadState('networkidle');
    return requests
      .filter((request) => new URL(request.url()).pathname.startsWith('/api/'))
      .filter(
        (request) =>
          FORBIDDEN_CALL.test(request.url()) ||
          !(
            ['fetch', 'xhr', 'websocket'].includes(request.resourceType()) ||
            new URL(request.url()).pathname.startsWith(FILE_ROUTE)
          ),
      )
      .map((request) => `${request.resourceType()} ${request.method()} ${request.url()}`);
  }

  /** The planted text shows; the markup around it made nothing of its own. */
  async function expectNothingLoaded(page: Page, requests: Request[], name: string) {
    await screenshot(page, name);
    expect(await foreignApiRequests(page, requests)).toEqual([]);
    const loaders = await page
      .locator('.kaoshi-html')
      .locator('img, audio, video, source, track, picture, object, embed, iframe, link, a[href]')
      .evaluateAll((nodes) => nodes.map((node) => node.outerHTML));
    expect(loaders).toEqual([]);
  }

  /** The victim's password still signs in, and `viewer`'s session still lives. */
  async function expectNoHarm(viewer: ApiClient) {
    await ApiClient.signIn(baseURL, victim.name, VICTIM_PASSWORD, 2);
    await viewer.call('GET', '/api/kaoshi-user/auth/authWebUser');
  }

  it('the print view with its key loads nothing the stem, options, analysis and descriptions name', async () => {
    // The administrator audits the paper: a session of their own, so a sign-out would show.
    const viewer = await ApiClient.signIn(baseURL, 'admin', E2E_ADMIN_PASSWORD);
    const page = await newPage(session.browser);
    const requests = recordRequests(page);
    await openSignedIn(page, viewer, `${baseURL}${PRINT}?id=${paperId}&answers=1`);
    const sheet = page.locator('.paper-print-page');
    await sheet.getByText(`解析${tag}`).first().waitFor();
    for (const field of ['题干', '选项A', '选项B']) {
      await sheet.getByText(`${field}${tag}`).first().waitFor();
    }
    // The descriptions are plain text: the markup shows as written.
    expect(await sheet.innerText()).toContain(`<img src="/api/kaoshi-user/user/reSetPass/`);
    // The formulas are typeset, their \includegraphics and \href shown as unsupported.
    await expect.poll(() => sheet.locator('.katex').count()).toBeGreaterThan(0);
    await expectNothingLoaded(page, requests, 'rich-text-requests-print');
    await expectNoHarm(viewer);
    await page.context().close();
  });

  it("the question bank's preview loads nothing the stem, options and analysis name", async () => {
    const viewer = await ApiClient.signIn(baseURL, 'admin', E2E_ADMIN_PASSWORD);
    const page = await newPage(session.browser);
    const requests = recordRequests(page);
    await openSignedIn(page, viewer, `${baseURL}${BANK}`);
    const main = page.locator('.app-main-page:not([hidden])');
    await main.getByRole('textbox', { name: zh.question.list.keyword }).fill(stem);
    await main.getByRole('button', { name: buttonName('搜索') }).click();
    const row = main.locator('.ant-table-row').filter({ hasText: stem });
    await row.getByRole('button', { name: '预览' }).click();
    const modal = await openedPopup(page, page.locator('.ant-modal.question-preview-dialog'));
    await modal.getByText(`选项B${tag}`).first().waitFor();
    await modal.getByRole('switch').click();
    await modal.getByText(`解析${tag}`).first().waitFor();
    await expectNothingLoaded(page, requests, 'rich-text-requests-preview');
    await expectNoHarm(viewer);
    await page.context().close();
  });

  it("the candidate's notice and exam page load nothing the notice, stem and options name", async () => {
    const candidate = await ApiClient.signIn(baseURL, student.ticketNumber, student.password, 3);
    const page = await newPage(session.browser);
    const requests = recordRequests(page);
    await openSignedIn(page, candidate, `${baseURL}${MY_EXAMS}`);
    await page.locator(`.my-exam-card[data-exam-id="${examId}"] .my-exam-start`).click();
    const dialog = await openedPopup(page, page.locator('.ant-modal.start-exam-dialog'));
    await dialog.locator('.start-exam-notice').getByText(`考试须知${tag}`).waitFor();
    await expectNothingLoaded(page, requests, 'rich-text-requests-notice');
    await expectNoHarm(candidate);

    const { attemptId } = await candidate.call<AttemptView>(
      'POST',
      '/api/kaoshi-attempt/attempt/startAttempt',
      { examId },
    );
    await page.goto(`${baseURL}/socketA?attemptId=${attemptId}`);
    await page.locator('.exam-header').waitFor();
    for (const field of ['题干', '选项A', '选项B']) {
      await page.getByText(`${field}${tag}`).first().waitFor();
    }
    await expectNothingLoaded(page, requests, 'rich-text-requests-exam');
    await expectNoHarm(candidate);
    await page.context().close();
  });

  it('HTML stored before this rule (the server kept our paths then) renders inert in the browser', async () => {
    const viewer = await ApiClient.signIn(baseURL, 'admin', E2E_ADMIN_PASSWORD);
    const page = await newPage(session.browser);
    const requests = recordRequests(page);
    // The print answer as an older server stored it: the attack unsanitized in the stem, options
    // and analysis. What stops it here is the web app's own sanitizing on render.
    await page.route(`**${PAPER_API}/printPaper/${paperId}?*`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Envelope<PrintPaper>;
      for (const item of body.data.sections.flatMap((section) => section.items)) {
        item.content = attack(`旧题干${item.itemId}`);
        item.options = item.options.map((option) => ({
          ...option,
          content: attack(`旧选项${option.key}`),
        }));
        if (item.key) item.key.analysis = attack('旧解析');
      }
      await route.fulfill({ response, json: body });
    });
    await openSignedIn(page, viewer, `${baseURL}${PRINT}?id=${paperId}&answers=1`);
    const sheet = page.locator('.paper-print-page');
    await sheet.getByText(`旧解析${tag}`).first().waitFor();
    await sheet.getByText(`旧选项B${tag}`).first().waitFor();
    await expectNothingLoaded(page, requests, 'rich-text-requests-stored');
    await expectNoHarm(viewer);
    await page.context().close();
  });
});
