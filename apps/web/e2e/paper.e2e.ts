import type { PaperView } from '@kaoshi/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en';
import es from '../src/i18n/locales/es';
import ja from '../src/i18n/locales/ja';
import zh from '../src/i18n/locales/zh';
import type { ApiClient } from './api';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  answerConfirm,
  buttonName,
  cutSideways,
  pickIn,
  pickOption,
  screenshot,
  openPage,
} from './browser';
import { createManualPaper, createPaperBank, type PaperBank } from './paper-fixture';
import { adminSession } from './session';

// Papers built through the screens the way an author does (by hand, by rules, by blueprint),
// reviewed by a second user, and checked against what the API then holds.

const LIST = '/examPublishManage/examManage';
const PAPER_API = '/api/kaoshi-paper/paper';
const p = zh.paper;

describe('Papers', () => {
  const session = adminSession();
  const { baseURL, tag } = session;
  let bank: PaperBank;

  beforeAll(async () => {
    bank = await createPaperBank(session.admin, baseURL, `P${tag}`);
  });

  const main = (page: Page) => page.locator('.app-main-page:not([hidden])');
  const toast = (page: Page) => page.locator('.ant-message-notice');
  const sectionCard = (page: Page, n: number) =>
    main(page).locator(`.paper-section[data-section="${n}"]`);
  const stems = (page: Page, n: number) =>
    sectionCard(page, n).locator('.paper-section-questions .ant-table-row');
  /** Adds the first section's first rule: `count` questions of `score` points each. */
  async function addFirstRule(page: Page, count: string, score: string) {
    await sectionCard(page, 1)
      .getByRole('button', { name: buttonName(p.rules.add) })
      .click();
    await firstRuleField(page, p.rules.count).fill(count);
    await firstRuleField(page, p.rules.score).fill(score);
  }
  /** The field `name` (count, score…) of the first rule of the first section. */
  const firstRuleField = (page: Page, name: string) =>
    main(page).getByLabel(
      p.rules.fieldOf
        .replace('{{field}}', name)
        .replace('{{section}}', '第 1 大题')
        .replace('{{rule}}', '1'),
    );

  async function open(
    path: string,
    as: ApiClient = session.admin,
    locale = 'zh-CN',
    viewport = DESKTOP,
  ) {
    return openPage(session.browser, as, `${baseURL}${path}`, { locale, viewport });
  }

  /** From the list, a new paper of the bank's job type with its basics filled. */
  async function newPaper(name: string) {
    const opened = await open(LIST);
    const { page } = opened;
    await main(page)
      .getByRole('button', { name: buttonName(p.add) })
      .click();
    await main(page).locator('.paper-builder').waitFor();
    await main(page).getByLabel(p.fields.name).fill(name);
    await pickOption(page, main(page), zh.school.select.jobType, bank.jobTypeName);
    // The job type has one level: it is chosen with it.
    await expect
      .poll(() => main(page).locator('#paperForm_level').locator('..').locator('..').innerText())
      .toContain(zh.school.levels.junior);
    await main(page).getByLabel(p.fields.passScore).fill('6');
    return opened;
  }

  /** Waits for a draw's answer: done, or the refusal shown above the sections (then it fails, saying it). */
  async function drew(page: Page) {
    const done = toast(page).filter({ hasText: p.draw.done });
    const refused = main(page).locator('.paper-problem');
    await done.or(refused).first().waitFor();
    if (await refused.isVisible())
      throw new Error(`the draw was refused: ${await refused.innerText()}`);
  }

  const savedPaper = (id: number) =>
    session.admin.call<PaperView>('GET', `${PAPER_API}/getPaper/${id}`);
  const idInAddress = (page: Page) => Number(new URL(page.url()).searchParams.get('id'));

  async function save(page: Page, done: string) {
    await main(page)
      .getByRole('button', { name: buttonName(p.edit.save) })
      .click();
    await toast(page).filter({ hasText: done }).waitFor();
    await expect.poll(() => idInAddress(page)).toBeGreaterThan(0);
    return idInAddress(page);
  }

  it('builds a paper by hand from the bank, reorders it by keyboard and by drag, and saves it (zh)', async () => {
    const { page, unexpectedErrors } = await newPaper(`手工卷${tag}`);
    const singles = bank.byType[0]!;
    await sectionCard(page, 1)
      .getByRole('button', { name: buttonName(p.section.pick) })
      .click();
    const picker = page.locator('.ant-modal.paper-bank-picker');
    await picker.locator('.ant-table-row').first().waitFor();
    await animationsDone(page);
    for (const id of singles.slice(0, 3)) {
      await picker
        .getByRole('checkbox', { name: p.picker.pick.replace('{{id}}', String(id)) })
        .check();
    }
    await screenshot(page, 'paper-picker-zh', { fullPage: false });
    await picker
      .getByRole('button', { name: buttonName(p.picker.add.replace('{{count}}', '3')) })
      .click();
    await picker.waitFor({ state: 'hidden' });
    await expect.poll(() => stems(page, 1).count()).toBe(3);

    // One score for the whole section: 3 × 4 points.
    await main(page).getByLabel(p.section.oneScoreOf.replace('{{section}}', '第 1 大题')).fill('4');
    await expect.poll(() => main(page).locator('.paper-total').innerText()).toBe('12');

    // Keyboard: the first question moves down with its arrow button (a button Enter presses).
    const order = () =>
      stems(page, 1).evaluateAll((rows) =>
        rows.map((row) => Number(row.getAttribute('data-row-key'))),
      );
    const down = main(page).getByRole('button', {
      name: p.question.down.replace('{{section}}', '第 1 大题').replace('{{number}}', '1'),
    });
    await down.focus();
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual([singles[1], singles[0], singles[2]]);
    // Drag: the last row onto the first.
    await stems(page, 1).nth(2).dragTo(stems(page, 1).nth(0));
    await expect.poll(order).toEqual([singles[2], singles[1], singles[0]]);

    const id = await save(page, p.edit.added);
    const paper = await savedPaper(id);
    expect(paper.sections[0]!.questions.map((q) => q.questionId)).toEqual([
      singles[2],
      singles[1],
      singles[0],
    ]);
    expect(paper.statistics.total).toBe(12);
    expect(paper.auditStatus).toBeNull();
    await screenshot(page, 'paper-builder-manual-zh');

    // The picker does not offer a question twice.
    await sectionCard(page, 1)
      .getByRole('button', { name: buttonName(p.section.pick) })
      .click();
    await page.locator('.ant-modal.paper-bank-picker .ant-table-row').first().waitFor();
    const taken = page
      .locator('.ant-modal.paper-bank-picker')
      .getByRole('checkbox', { name: p.picker.pick.replace('{{id}}', String(singles[0])) });
    expect(await taken.isDisabled()).toBe(true);
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('draws a section by rules, swaps a question, and names what the bank lacks (zh)', async () => {
    const { page, unexpectedErrors } = await newPaper(`规则卷${tag}`);
    await main(page).locator('.ant-segmented').getByText(p.modes.rules).click();
    await addFirstRule(page, '50', '2');
    const field = (name: string) => firstRuleField(page, name);
    await sectionCard(page, 1)
      .getByRole('button', { name: buttonName(p.draw.section) })
      .click();
    // The bank holds 6 single-choice questions: the refusal says so, in words.
    const problem = main(page).locator('.paper-problem');
    await problem.waitFor();
    expect(await problem.innerText()).toMatch(/50/);
    expect(await problem.innerText()).toMatch(/6/);
    await screenshot(page, 'paper-builder-shortfall-zh', { fullPage: false });

    await field(p.rules.count).fill('3');
    await sectionCard(page, 1)
      .getByRole('button', { name: buttonName(p.draw.section) })
      .click();
    await drew(page);
    await expect.poll(() => stems(page, 1).count()).toBe(3);
    await problem.waitFor({ state: 'hidden' });
    const firstBefore = await stems(page, 1).first().getAttribute('data-row-key');
    await main(page)
      .getByRole('button', {
        name: p.question.swap.replace('{{section}}', '第 1 大题').replace('{{number}}', '1'),
      })
      .click();
    await expect
      .poll(() => stems(page, 1).first().getAttribute('data-row-key'))
      .not.toBe(firstBefore);
    await expect.poll(() => main(page).locator('.paper-total').innerText()).toBe('6');

    const id = await save(page, p.edit.added);
    const paper = await savedPaper(id);
    expect(paper.mode).toBe('rules');
    expect(paper.sections[0]!.rules).toHaveLength(1);
    expect(paper.sections[0]!.questions.every((q) => q.type === 0)).toBe(true);
    expect(paper.statistics.total).toBe(6);
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('keeps only the rules of a paper drawn per candidate, one difficulty each (zh)', async () => {
    const { page, unexpectedErrors } = await newPaper(`千人千卷${tag}`);
    await main(page).locator('.ant-segmented').getByText(p.modes.rules).click();
    await main(page).getByRole('switch').click();
    await main(page).getByText(p.modeHelp.perCandidate).waitFor();
    await addFirstRule(page, '2', '5');
    const field = (name: string) => firstRuleField(page, name);
    // Without one difficulty the server refuses, naming the rule.
    await main(page)
      .getByRole('button', { name: buttonName(p.edit.save) })
      .click();
    const problem = main(page).locator('.paper-problem');
    await problem.waitFor();
    expect(await problem.innerText()).toMatch(/1/);
    // The bank holds two single-choice questions of difficulty 2 (see createPaperBank).
    await pickIn(page, field(p.rules.difficultyFrom), '2');
    // Every candidate will get 2 questions worth 10 points: the figures say so before any draw.
    await expect.poll(() => main(page).locator('.paper-total').innerText()).toBe('10');
    // A sample draw checks the bank; it is shown, never saved as fixed questions.
    await sectionCard(page, 1)
      .getByRole('button', { name: buttonName(p.draw.sample) })
      .click();
    await drew(page);
    const id = await save(page, p.edit.added);
    const paper = await savedPaper(id);
    expect(paper.drawPerCandidate).toBe(true);
    expect(paper.sections[0]!.questions).toEqual([]);
    expect(paper.sections[0]!.rules[0]!.difficulty).toEqual([2, 2]);
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('draws by the appraisal-point blueprint and shows its coverage (zh)', async () => {
    const { page, unexpectedErrors } = await newPaper(`细目表卷${tag}`);
    await main(page).locator('.ant-segmented').getByText(p.modes.blueprint).click();
    const blueprint = main(page).locator('.paper-blueprint');
    await blueprint.getByRole('button', { name: buttonName(p.blueprint.add) }).click();
    const count = blueprint.getByLabel(
      p.blueprint.fieldOf.replace('{{field}}', p.rules.count).replace('{{row}}', '1'),
    );
    await count.fill('4');
    await blueprint
      .getByLabel(p.blueprint.fieldOf.replace('{{field}}', p.rules.score).replace('{{row}}', '1'))
      .fill('2.5');
    await blueprint.getByRole('button', { name: buttonName(p.draw.blueprint) }).click();
    await drew(page);
    await expect.poll(() => stems(page, 1).count()).toBe(4);
    // Both points are X: each is planned and drawn.
    const coverage = main(page).locator('.paper-coverage .ant-table-row');
    await expect.poll(() => coverage.count()).toBe(2);
    for (const point of bank.points) {
      await expect
        .poll(() => coverage.filter({ hasText: point.name }).innerText())
        .toMatch(/2\s+2$/);
    }
    await expect.poll(() => main(page).locator('.paper-total').innerText()).toBe('10');
    await screenshot(page, 'paper-builder-blueprint-zh');

    const id = await save(page, p.edit.added);
    const paper = await savedPaper(id);
    expect(paper.mode).toBe('blueprint');
    expect(paper.blueprint).toEqual({ types: [{ type: 0, count: 4, score: 2.5 }] });
    expect(paper.statistics.byPoint.map((point) => point.drawn)).toEqual([2, 2]);
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('goes through the group audit: submitted by its author, failed with a reason and passed by a reviewer', async () => {
    const name = `审核卷${tag}`;
    const id = await createManualPaper(session.admin, bank, name);
    const row = (page: Page) => main(page).locator('.ant-table-row').filter({ hasText: name });
    const state = (page: Page) => row(page).locator('.paper-audit-tag').innerText();
    const action = (page: Page, label: string) =>
      row(page).getByRole('button', { name: label, exact: true });

    const author = await open(LIST);
    await row(author.page).waitFor();
    expect(await state(author.page)).toBe(p.audit.draft);
    await action(author.page, p.actions.submit).click();
    await expect.poll(() => state(author.page)).toBe(p.audit['0']);
    // The author cannot review their own paper.
    expect(await action(author.page, p.actions.pass).count()).toBe(0);

    const reviewer = await open(LIST, bank.reviewer.api);
    await row(reviewer.page).waitFor();
    await action(reviewer.page, p.actions.fail).click();
    const dialog = reviewer.page.locator('.ant-modal.question-reject-dialog');
    await dialog.waitFor();
    await animationsDone(reviewer.page);
    await dialog.getByRole('textbox').fill('第二部分题量不足');
    await dialog.getByRole('button', { name: buttonName(p.actions.fail) }).click();
    await expect.poll(() => state(reviewer.page)).toBe(p.audit['2']);

    // The author reads why, mends nothing and submits again; the reviewer passes it.
    await author.page.reload();
    await row(author.page).waitFor();
    expect(await state(author.page)).toBe(p.audit['2']);
    await row(author.page).locator('.paper-audit-tag').hover();
    await author.page.getByRole('tooltip').filter({ hasText: '第二部分题量不足' }).waitFor();
    await action(author.page, p.actions.submit).click();
    await expect.poll(() => state(author.page)).toBe(p.audit['0']);
    await reviewer.page.reload();
    await row(reviewer.page).waitFor();
    await action(reviewer.page, p.actions.pass).click();
    await expect.poll(() => state(reviewer.page)).toBe(p.audit['1']);
    expect((await savedPaper(id)).auditStatus).toBe(1);

    // Editing a passed paper sends it back under review.
    const editor = await open(`/examPublishManage/paperEdit?id=${id}`);
    await main(editor.page).getByText(p.edit.passedNote).waitFor();
    await main(editor.page).getByLabel(p.fields.passScore).fill('20');
    await main(editor.page)
      .getByRole('button', { name: buttonName(p.edit.save) })
      .click();
    await toast(editor.page).filter({ hasText: p.edit.savedToReview }).waitFor();
    expect((await savedPaper(id)).auditStatus).toBe(0);

    // Deleting asks first.
    await author.page.reload();
    await action(author.page, zh.common.delete).click();
    await answerConfirm(author.page, zh.common.delete);
    await row(author.page).waitFor({ state: 'detached' });
    for (const opened of [author, reviewer, editor]) {
      expect(opened.unexpectedErrors()).toEqual([]);
      await opened.page.context().close();
    }
  });

  for (const [locale, texts] of [
    ['en-US', en],
    ['es-ES', es],
    ['ja-JP', ja],
  ] as const) {
    it(`shows the list and the builder in ${locale.slice(0, 2)}`, async () => {
      const id = await createManualPaper(session.admin, bank, `Paper ${locale} ${tag}`);
      const list = await open(LIST, session.admin, locale);
      await main(list.page).locator('.ant-table-row').first().waitFor();
      await main(list.page)
        .getByRole('button', { name: buttonName(texts.paper.add) })
        .waitFor();
      await screenshot(list.page, `paper-list-${locale.slice(0, 2)}`, { fullPage: false });
      const builder = await open(`/examPublishManage/paperEdit?id=${id}`, session.admin, locale);
      await main(builder.page).locator('.paper-section').first().waitFor();
      await main(builder.page).getByText(texts.paper.figures.title).waitFor();
      await screenshot(builder.page, `paper-builder-${locale.slice(0, 2)}`);
      expect([...list.unexpectedErrors(), ...builder.unexpectedErrors()]).toEqual([]);
      await list.page.context().close();
      await builder.page.context().close();
    });
  }

  it('fits a laptop (1366 px): every score input, button and rules column in view, formulas typeset (zh)', async () => {
    // A stem with a formula, approved like the bank's, drawn by a rule with the single choices.
    const { id: formulaId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-question/question/addQuestion',
      {
        subjectId: bank.subjectId,
        level: bank.level,
        courseId: bank.course.id,
        type: 0,
        content:
          '<p>欧姆定律：<span data-type="formula" data-latex="U = I \\times R">U = I \\times R</span>，电流 2 A、电阻 5 Ω 时电压为多少伏？</p>',
        options: [
          { key: 'A', content: '<p>10</p>', correct: true },
          { key: 'B', content: '<p>2.5</p>', correct: false },
        ],
      },
    );
    await session.admin.call('POST', '/api/kaoshi-question/question/batchQuestion', {
      ids: [formulaId],
      action: 'submit',
    });
    await bank.reviewer.api.call('POST', '/api/kaoshi-question/question/batchQuestion', {
      ids: [formulaId],
      action: 'approve',
    });
    const { id } = await session.admin.call<{ id: number }>('POST', `${PAPER_API}/addPaper`, {
      name: `规则宽度${tag}`,
      subjectId: bank.subjectId,
      level: bank.level,
      description: '',
      passScore: 6,
      durationMinutes: 90,
      mode: 'rules',
      sections: [
        {
          title: '一、单项选择题',
          description: '',
          rules: [
            {
              type: 0,
              count: 3,
              score: 2,
              difficulty: [1, 5],
              courseId: bank.course.id,
              pointId: bank.points[0]!.id,
              tags: ['电工基础'],
            },
          ],
          questions: [formulaId, ...bank.byType[0]!.slice(0, 2)].map((questionId) => ({
            questionId,
            score: 2,
          })),
        },
      ],
    });
    const { page, unexpectedErrors } = await open(`/examPublishManage/paperEdit?id=${id}`);
    await expect.poll(() => stems(page, 1).count()).toBe(3);
    const questions = sectionCard(page, 1).locator('.paper-section-questions');
    const controls = questions.locator('.ant-input-number, button');
    // three score inputs and four buttons a row (up, down, swap, remove)
    expect(await controls.count()).toBe(3 * 5);
    expect(await cutSideways(controls)).toEqual([]);
    const rules = sectionCard(page, 1).locator('.paper-rules');
    expect(await cutSideways(rules.locator('thead th'))).toEqual([]);
    expect(await cutSideways(rules.locator('.ant-select, .ant-input-number, button'))).toEqual([]);
    // The formula is typeset, its LaTeX source nowhere in the text a user reads.
    await questions.locator('.katex').first().waitFor();
    expect(await questions.innerText()).not.toContain('\\times');
    await screenshot(page, 'paper-builder-laptop-zh');
    // The last row's buttons work where they stand.
    await main(page)
      .getByRole('button', {
        name: p.question.remove.replace('{{section}}', '第 1 大题').replace('{{number}}', '3'),
      })
      .click();
    await expect.poll(() => stems(page, 1).count()).toBe(2);
    expect(unexpectedErrors()).toEqual([]);
    await page.context().close();
  });

  it('fits a phone: the list and the builder (zh)', async () => {
    const id = await createManualPaper(session.admin, bank, `手机卷${tag}`);
    const list = await open(LIST, session.admin, 'zh-CN', PHONE);
    await main(list.page).locator('.ant-table-row').first().waitFor();
    await screenshot(list.page, 'paper-list-phone-zh', { fullPage: false });
    const builder = await open(
      `/examPublishManage/paperEdit?id=${id}`,
      session.admin,
      'zh-CN',
      PHONE,
    );
    await main(builder.page).locator('.paper-section').first().waitFor();
    // Nothing wider than the screen but the tables, which scroll inside themselves.
    const overflow = await builder.page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(PHONE.width);
    await screenshot(builder.page, 'paper-builder-phone-zh');
    await list.page.context().close();
    await builder.page.context().close();
  });
});
