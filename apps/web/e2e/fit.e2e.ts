import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKnowledge } from './api';
import { PHONE, animationsDone, newPage, openSignedIn, screenshot } from './browser';
import { LANGUAGES } from './languages';
import { adminSession } from './session';

// What a new user sees at first on a laptop (1440 × 900) and a phone, in each of the four
// languages: no header, cell, menu entry or placeholder cut off, nothing covered by the floating
// settings button. Screenshots: test-results/fit-<screen>-<width>-<language>.png.
const LAPTOP = { width: 1440, height: 900 };
/** Every list page with a filter bar (SearchBar), as the administrator sees them. */
const LIST_PAGES = [
  '/school/schoolManage',
  '/school/departmentManage',
  '/school/subjectManage',
  '/school/classesManage',
  '/system/userManage',
  '/system/roleManage',
  '/baseData/examCourse',
  '/baseData/examKnow',
  '/baseData/examStudent',
  '/baseData/index',
] as const;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The texts inside `scope` that are cut: an element that clips what overflows it (overflow
 * hidden or clip, as an ellipsis needs) and is narrower than its content. Scrolling boxes (a
 * wide table's body) are not cut: they scroll; a Typography ellipsis of user data shows the
 * whole text in a tooltip.
 */
function cutTexts(scope: Locator) {
  return scope.evaluateAll((roots) =>
    roots.flatMap((root) =>
      [root, ...Array.from(root.querySelectorAll('*'))]
        .filter((element) => {
          const { overflowX } = getComputedStyle(element);
          if (overflowX !== 'hidden' && overflowX !== 'clip') return false;
          // antd's own ellipsis of user data (a question's stem) is meant, with its tooltip.
          if (element.closest('.ant-typography-ellipsis')) return false;
          // Hidden parts of the page (closed submenus, cached pages) have no width.
          return element.clientWidth > 0 && element.scrollWidth > element.clientWidth;
        })
        .map((element) => (element as HTMLElement).innerText.trim())
        .filter((text) => text !== ''),
    ),
  );
}

/**
 * The header cells that lie under the table's fixed right-hand column (the actions): a table
 * wider than its box scrolls them beneath it, cut until the user scrolls sideways.
 */
async function underFixedColumn(table: Locator) {
  const cells = await table.locator('thead th').evaluateAll((headers) =>
    headers.map((header) => {
      const { left, right } = header.getBoundingClientRect();
      return {
        text: (header as HTMLElement).innerText.trim(),
        left,
        right,
        fixed: header.classList.contains('ant-table-cell-fix-end'),
      };
    }),
  );
  const fixedLeft = Math.min(...cells.filter((cell) => cell.fixed).map((cell) => cell.left));
  return cells.filter((cell) => !cell.fixed && cell.right > fixedLeft).map((cell) => cell.text);
}

describe('fits: nothing cut, nothing covered', () => {
  const session = adminSession();
  const { baseURL, tag } = session;

  beforeAll(async () => {
    // A question under review with tags: the bank then shows tags, a review state and the
    // reviewer's actions.
    const knowledge = await createKnowledge(session.admin, `fit${tag}`);
    const { id } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-question/question/addQuestion',
      {
        type: 2,
        content: `<p>Fit ${tag}: copper conducts electricity.</p>`,
        answer: 'T',
        subjectId: knowledge.subjectId,
        level: knowledge.level,
        courseId: knowledge.course.id,
        tags: ['导体', 'seguridad eléctrica'],
      },
    );
    await session.admin.call('POST', '/api/kaoshi-question/question/batchQuestion', {
      ids: [id],
      action: 'submit',
    });
  });

  async function open(path: string, locale: string, viewport = LAPTOP) {
    const page = await newPage(session.browser, { locale, viewport });
    await openSignedIn(page, session.admin, `${baseURL}${path}`);
    await settled(page);
    return page;
  }

  const main = (page: Page) => page.locator('.app-main-page:not([hidden])');

  /** The page is drawn and nothing on it is loading or moving. */
  async function settled(page: Page) {
    await main(page).locator('.ant-card').first().waitFor();
    await expect
      .poll(() => main(page).locator(':is(.page-loading, .ant-spin-spinning)').count())
      .toBe(0);
    await animationsDone(page);
  }

  for (const [language, locale, messages] of LANGUAGES) {
    it(`names each waiting select of the student filters, uncut, in ${language}`, async () => {
      const page = await open('/baseData/examStudent', locale);
      const filters = page.locator('form#studentSearch');
      await screenshot(page, `fit-student-filters-laptop-${language}`, { fullPage: false });
      // Level and batch both wait for a job type; no two waiting selects read the same.
      const waiting = await filters
        .locator('.ant-select-disabled .ant-select-placeholder')
        .allInnerTexts();
      expect(new Set(waiting).size).toBe(waiting.length);
      expect(waiting).toEqual(
        expect.arrayContaining([
          messages.school.select.levelAfterJobType,
          messages.school.select.batchAfterJobType,
        ]),
      );
      expect(await cutTexts(filters.locator('.ant-select'))).toEqual([]);
      await page.context().close();
    });

    it(`cuts no text of the question bank, the permission list, the sidebar or the phone navbar in ${language}`, async () => {
      const page = await open('/baseData/index', locale);
      const table = main(page).locator('.ant-table');
      await table.locator('.ant-table-row', { hasText: `Fit ${tag}` }).waitFor();
      await screenshot(page, `fit-questions-laptop-${language}`, { fullPage: false });
      expect.soft(await cutTexts(table.locator('thead th'))).toEqual([]);
      expect.soft(await cutTexts(table.locator('.ant-table-row td'))).toEqual([]);
      expect.soft(await underFixedColumn(table)).toEqual([]);

      await page.goto(`${baseURL}/system/permissionManage`);
      await settled(page);
      const permissions = main(page).locator('.ant-table');
      await permissions.locator('.ant-table-row').first().waitFor();
      await screenshot(page, `fit-permissions-laptop-${language}`, { fullPage: false });
      expect.soft(await cutTexts(permissions.locator('thead th'))).toEqual([]);
      expect.soft(await cutTexts(permissions.locator('.ant-table-row td'))).toEqual([]);
      expect.soft(await underFixedColumn(permissions)).toEqual([]);

      // Every entry of every group of the sidebar (one group opens at a time).
      const sidebar = page.locator('[data-testid=sidebar]');
      const groups = sidebar.locator('.ant-menu-submenu-title');
      for (let index = 0; index < (await groups.count()); index++) {
        const group = groups.nth(index);
        if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
        await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
        await animationsDone(page);
        await screenshot(page, `fit-sidebar-${index}-laptop-${language}`, { fullPage: false });
        expect
          .soft(await cutTexts(sidebar.locator('.ant-menu-item, .ant-menu-submenu-title')))
          .toEqual([]);
      }

      // On a phone the navbar's name of the page (the longest: registration batches) is whole.
      await page.setViewportSize(PHONE);
      await page.goto(`${baseURL}/school/classesManage`);
      await settled(page);
      await screenshot(page, `fit-batches-phone-${language}`, { fullPage: false });
      expect.soft(await cutTexts(page.locator('.navbar'))).toEqual([]);
      await page.context().close();
    });
  }

  for (const [width, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    it(`keeps the settings button off every filter and search box (${width})`, async () => {
      const page = await open('/dashboard', 'zh-CN', viewport);
      const button = page.getByRole('button', { name: '设置', exact: true });
      for (const path of LIST_PAGES) {
        await page.goto(`${baseURL}${path}`);
        await settled(page);
        const name = path.split('/').pop()!;
        await screenshot(page, `fit-settings-${name}-${width}`, { fullPage: false });
        expect.soft(await cutTexts(page.locator('.navbar')), path).toEqual([]);
        const buttonBox = (await button.boundingBox())!;
        // Filters, search boxes and every other control of the page.
        const fields = main(page).locator('input, .ant-select, .ant-btn');
        expect(await fields.count()).toBeGreaterThan(0);
        // Every box measured in one call (one round trip per field took minutes on a busy machine).
        const boxes = await fields.evaluateAll((elements) =>
          elements.map((e) => {
            const { x, y, width, height } = e.getBoundingClientRect();
            return { x, y, width, height, html: e.outerHTML.slice(0, 80) };
          }),
        );
        const covered = boxes
          .filter((box) => box.width > 0 && box.height > 0 && intersects(box, buttonBox))
          .map((box) => box.html);
        expect(covered, path).toEqual([]);
      }
      await page.context().close();
    });
  }
});
