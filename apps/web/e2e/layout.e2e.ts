import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  animationsDone,
  newPage,
  openSignedIn,
  pushPath,
  screenshot,
  waitForLayout,
  openedMenu,
} from './browser';
import { readableOnWhite } from '../src/styles/contrast';
import { adminSession } from './session';

// The layout around the pages (docs/spec.md §2 layout, §4 tab store, §9 constants), as the administrator.
// Every scenario has its own browser context (own storage) sharing one API session.
const USERS = '/system/userManage';
const ROLES = '/system/roleManage';
const PERMISSIONS = '/system/permissionManage';

describe('the layout: tags, settings, sidebar, menu search, phone', () => {
  const session = adminSession();
  const { baseURL } = session;

  /** A signed-in page at `path` (full load), in English unless told otherwise. */
  async function openApp(path = '/dashboard', options: Parameters<typeof newPage>[1] = {}) {
    const page = await newPage(session.browser, { locale: 'en-US', ...options });
    await openSignedIn(page, session.admin, `${baseURL}${path}`);
    return page;
  }

  const sidebar = (page: Page) => page.locator('[data-testid=sidebar]');
  const tab = (page: Page, path: string) => page.locator(`.tags-view-item[data-path="${path}"]`);
  const tabPaths = (page: Page) =>
    page
      .locator('.tags-view-item')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-path')));
  const pathname = (page: Page) => new URL(page.url()).pathname;

  /**
   * Waits until `path` is the page shown: the address, and the active tab, which follows once
   * React has rendered the navigation (a click in between would act on the page before).
   */
  async function shown(page: Page, path: string) {
    await page.waitForURL(`${baseURL}${path}`);
    await page.locator(`.tags-view-item.active[data-path="${path}"]`).waitFor();
  }

  /** Clicks an entry of a tab's right-click menu, once no other menu is still on screen. */
  async function tabMenu(page: Page, path: string, item: string) {
    await expect.poll(() => page.locator('.ant-dropdown:visible').count()).toBe(0);
    await tab(page, path).click({ button: 'right' });
    // The menu slides in; clicking while it moves can miss it.
    const menu = await openedMenu(page);
    await menu.getByRole('menuitem', { name: item, exact: true }).click();
  }

  /** Opens a page from its sidebar group and waits until its tab is the active one. */
  async function openFromSidebar(page: Page, group: string, item: string, path: string) {
    const menu = sidebar(page);
    const entry = menu.getByRole('menuitem', { name: item, exact: true });
    if (!(await entry.isVisible())) await menu.getByText(group, { exact: true }).click();
    await entry.click();
    await shown(page, path);
  }

  /** The rows of the table on the page shown (cached pages stay in the document, hidden). */
  const visibleRows = (page: Page) => page.locator('.app-main-page:not([hidden]) .ant-table-row');

  it('adds a tab per page opened, pins the dashboard, and closes tabs', async () => {
    const page = await openApp();
    expect(await tabPaths(page)).toEqual(['/dashboard']);
    expect(await tab(page, '/dashboard').locator('.tags-view-close').count()).toBe(0);

    await openFromSidebar(page, 'System', 'Users', USERS);
    await openFromSidebar(page, 'System', 'Roles', ROLES);
    await openFromSidebar(page, 'System', 'Permissions', PERMISSIONS);
    expect(await tabPaths(page)).toEqual(['/dashboard', USERS, ROLES, PERMISSIONS]);
    // Opening a page again does not add a second tab.
    await openFromSidebar(page, 'System', 'Users', USERS);
    expect(await tabPaths(page)).toEqual(['/dashboard', USERS, ROLES, PERMISSIONS]);

    // Closing a tab in the background keeps the page shown.
    await tab(page, ROLES).locator('.tags-view-close').click();
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', USERS, PERMISSIONS]);
    expect(pathname(page)).toBe(USERS);

    // Closing the active tab moves to the last remaining one.
    await tab(page, USERS).locator('.tags-view-close').click();
    await shown(page, PERMISSIONS);
    expect(await tabPaths(page)).toEqual(['/dashboard', PERMISSIONS]);

    await tab(page, PERMISSIONS).locator('.tags-view-close').click();
    await shown(page, '/dashboard');
    expect(await tabPaths(page)).toEqual(['/dashboard']);

    // The pinned tab's menu offers no "Close".
    await tab(page, '/dashboard').click({ button: 'right' });
    const close = page
      .locator('.ant-dropdown:visible')
      .getByRole('menuitem', { name: 'Close', exact: true });
    expect(await close.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('refreshes, closes others and closes all from the right-click menu', async () => {
    const page = await openApp(USERS);
    await pushPath(page, ROLES);
    await shown(page, ROLES);
    await pushPath(page, PERMISSIONS);
    await shown(page, PERMISSIONS);
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', USERS, ROLES, PERMISSIONS]);

    await tabMenu(page, PERMISSIONS, 'Refresh');
    // Refresh goes through /redirect/… and comes back to the same page.
    await shown(page, PERMISSIONS);
    await visibleRows(page).first().waitFor();
    expect(await tabPaths(page)).toEqual(['/dashboard', USERS, ROLES, PERMISSIONS]);

    // "Close others" on a background tab: it becomes the page shown, with the pinned dashboard.
    await tabMenu(page, ROLES, 'Close others');
    await shown(page, ROLES);
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard', ROLES]);

    await pushPath(page, USERS);
    await shown(page, USERS);
    expect(await tabPaths(page)).toEqual(['/dashboard', ROLES, USERS]);
    await tabMenu(page, USERS, 'Close all');
    await shown(page, '/dashboard');
    await expect.poll(() => tabPaths(page)).toEqual(['/dashboard']);
    await page.context().close();
  });

  it('keeps a cached page as it was while another tab is shown; refresh starts it anew', async () => {
    const page = await openApp(USERS);
    const search = page.getByRole('textbox', { name: 'Username' });
    await search.fill('layout-kept');

    await openFromSidebar(page, 'System', 'Roles', ROLES);
    await page.getByRole('textbox', { name: 'Role name' }).waitFor();
    expect(await search.isVisible()).toBe(false);

    await tab(page, USERS).click();
    await shown(page, USERS);
    expect(await search.inputValue()).toBe('layout-kept');

    await tabMenu(page, USERS, 'Refresh');
    await shown(page, USERS);
    await expect.poll(() => search.inputValue()).toBe('');
    await page.context().close();
  });

  it('applies the settings drawer and remembers it after a reload', async () => {
    const page = await openApp(USERS);
    await page.locator('[data-testid=tags-view]').waitFor();
    await page.locator('.sidebar-logo').waitFor();

    await page.getByRole('button', { name: 'Settings' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByText('Page style settings').waitFor();
    // Pinyin search is a Chinese-only setting.
    expect(await drawer.getByText('Pinyin menu search').count()).toBe(0);

    await drawer
      .locator('.settings-row', { hasText: 'Open tags view' })
      .getByRole('switch')
      .click();
    await drawer.locator('.settings-row', { hasText: 'Sidebar logo' }).getByRole('switch').click();
    await drawer.getByRole('radio', { name: '#11a983' }).click();
    expect(await drawer.getByRole('radio', { name: '#11a983' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(await page.locator('[data-testid=tags-view]').count()).toBe(0);
    expect(await page.locator('.sidebar-logo').count()).toBe(0);

    await page.reload();
    await waitForLayout(page);
    const searchButton = page.locator('.ant-btn-primary', { hasText: 'Search' });
    await searchButton.waitFor();
    expect(await page.locator('[data-testid=tags-view]').count()).toBe(0);
    expect(await page.locator('.sidebar-logo').count()).toBe(0);
    // The theme colour reaches the settings button, and antd's primary buttons in its shade that
    // white text is readable on (WCAG AA).
    const green = 'rgb(17, 169, 131)';
    const rgb = (hex: string) =>
      `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
    const readableGreen = rgb(readableOnWhite('#11a983'));
    expect(readableGreen).not.toBe(green);
    expect(await searchButton.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(
      readableGreen,
    );
    expect(
      await page
        .getByRole('button', { name: 'Settings' })
        .evaluate((button) => getComputedStyle(button).backgroundColor),
    ).toBe(green);
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('settings') ?? '{}'));
    expect(saved).toMatchObject({ theme: '#11a983', tagsView: false, sidebarLogo: false });
    await page.context().close();
  });

  it('remembers a collapsed sidebar across a reload', async () => {
    const page = await openApp();
    const wrapper = page.locator('.app-wrapper');
    expect(await wrapper.getAttribute('class')).not.toContain('collapsed');
    await page.getByRole('button', { name: 'Show or hide the menu' }).click();
    await expect.poll(() => wrapper.getAttribute('class')).toContain('collapsed');

    await page.reload();
    await waitForLayout(page);
    expect(await wrapper.getAttribute('class')).toContain('collapsed');
    expect(await page.evaluate(() => localStorage.getItem('sidebarStatus'))).toBe('0');

    await page.getByRole('button', { name: 'Show or hide the menu' }).click();
    await expect.poll(() => wrapper.getAttribute('class')).not.toContain('collapsed');
    await page.reload();
    await waitForLayout(page);
    expect(await wrapper.getAttribute('class')).not.toContain('collapsed');
    await page.context().close();
  });

  it('keeps one submenu open at a time', async () => {
    const page = await openApp(USERS);
    const open = () =>
      sidebar(page)
        .locator('.ant-menu-submenu-open > .ant-menu-submenu-title')
        .evaluateAll((titles) => titles.map((title) => (title as HTMLElement).innerText));
    // The group of the page shown starts open.
    expect(await open()).toEqual(['System']);
    await sidebar(page).getByText('Base data', { exact: true }).click();
    await expect.poll(open).toEqual(['Base data']);
    await sidebar(page).getByText('Score analysis', { exact: true }).click();
    await expect.poll(open).toEqual(['Score analysis']);
    await sidebar(page).getByText('Score analysis', { exact: true }).click();
    await expect.poll(open).toEqual([]);
    await page.context().close();
  });

  it('finds a page with the header menu search', async () => {
    const page = await openApp();
    await page.getByTestId('header-search').click();
    await page.keyboard.type('Roles');
    const option = page.locator('.ant-select-item-option:visible');
    await expect.poll(() => option.allInnerTexts()).toEqual(['System / Roles']);
    await option.click();
    await page.waitForURL(`${baseURL}${ROLES}`);
    await page.context().close();
  });

  it('finds 用户管理 by the pinyin initials "yhgl" in Chinese', async () => {
    const page = await openApp('/dashboard', { locale: 'zh-CN' });
    await page.getByTestId('header-search').click();
    await page.keyboard.type('yhgl');
    const option = page.locator('.ant-select-item-option:visible');
    await expect
      .poll(() => option.allInnerTexts(), { timeout: 10_000 })
      .toEqual(['系统管理 / 用户管理']);
    await option.click();
    await page.waitForURL(`${baseURL}${USERS}`);
    await page.context().close();
  });

  for (const [language, locale, system, users] of [
    ['zh', 'zh-CN', '系统管理', '用户管理'],
    ['en', 'en-US', 'System', 'Users'],
  ] as const) {
    it(`on a phone (${language}) hides the sidebar in a drawer the hamburger opens`, async () => {
      const page = await openApp('/dashboard', { locale, viewport: PHONE });
      expect(await page.locator('.sidebar-container').count()).toBe(0);
      expect(await sidebar(page).isVisible()).toBe(false);
      await page.locator('.dashboard').waitFor();
      await animationsDone(page);
      await screenshot(page, `layout-phone-${language}`);

      await page.locator('.hamburger').click();
      await sidebar(page).waitFor();
      await sidebar(page).getByText(system, { exact: true }).click();
      const item = sidebar(page).getByRole('menuitem', { name: users, exact: true });
      await item.waitFor();
      // The drawer and the submenu slide open: the picture waits for them.
      await animationsDone(page);
      // The drawer is fixed to the screen: a picture of the screen, not of the whole page.
      await screenshot(page, `layout-phone-drawer-${language}`, { fullPage: false });
      await item.click();
      await page.waitForURL(`${baseURL}${USERS}`);
      await sidebar(page).waitFor({ state: 'hidden' });
      await visibleRows(page).first().waitFor();
      await animationsDone(page);
      await screenshot(page, `layout-phone-users-${language}`);

      // Back to a desktop width, the sidebar is in the page again.
      await page.setViewportSize(DESKTOP);
      await page.locator('.sidebar-container').waitFor();
      await page.context().close();
    });
  }
});
