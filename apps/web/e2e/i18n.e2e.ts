import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  animationsDone,
  newPage,
  openSignedIn,
  openedPopup,
  pushPath,
  screenshot,
  waitForLayout,
  openedMenu,
} from './browser';
import { adminSession } from './session';

// The four languages (docs/spec.md §2: saved choice, else browser language, else en), on the sign-in page
// and in the app, with antd's own texts in step. Screenshots: test-results/<screen>-<lang>.png.
type Language = 'zh' | 'en' | 'es' | 'ja';

interface Texts {
  /** The button of the language on the sign-in page and the item of the navbar menu. */
  name: string;
  htmlLang: string;
  signIn: string;
  admin: string;
  system: string;
  users: string;
  addUser: string;
  /** antd's pagination size changer (@rc-component/pagination locale items_per_page). */
  perPage: string;
}

const TEXTS: Record<Language, Texts> = {
  zh: {
    name: '中文',
    htmlLang: 'zh-CN',
    signIn: '登录',
    admin: '管理员',
    system: '系统管理',
    users: '用户管理',
    addUser: '新增用户',
    perPage: '20 条/页',
  },
  en: {
    name: 'English',
    htmlLang: 'en',
    signIn: 'Sign in',
    admin: 'Administrator',
    system: 'System',
    users: 'Users',
    addUser: 'Add user',
    perPage: '20 / page',
  },
  es: {
    name: 'Español',
    htmlLang: 'es',
    signIn: 'Iniciar sesión',
    admin: 'Administrador',
    system: 'Sistema',
    users: 'Usuarios',
    addUser: 'Añadir usuario',
    perPage: '20 / página',
  },
  ja: {
    name: '日本語',
    htmlLang: 'ja',
    signIn: 'ログイン',
    admin: '管理者',
    system: 'システム管理',
    users: 'ユーザー管理',
    addUser: 'ユーザーを追加',
    perPage: '20 件 / ページ',
  },
};
const LANGUAGES = Object.keys(TEXTS) as Language[];

/** Screens to photograph per language, with what shows in each once it has loaded. */
const SCREENS: { name: string; path: string; ready: string }[] = [
  { name: 'dashboard', path: '/dashboard', ready: '.dashboard' },
  { name: 'users', path: '/system/userManage', ready: '.ant-table-row' },
  { name: 'roles', path: '/system/roleManage', ready: '.ant-table-row' },
  { name: 'permissions', path: '/system/permissionManage', ready: '.ant-table-row' },
  { name: 'profile', path: '/profile/index', ready: '[data-testid=profile-password-form]' },
  { name: 'icons', path: '/icon/index', ready: '[data-testid=icon-tile]' },
];
const FULL_SET: Language[] = ['zh', 'en'];

/** What a new user saw untranslated (docs/features/web-app.md): the tables' row checkboxes, the seeded name. */
const SELECT_ALL: Record<Language, string> = {
  zh: '全选本页',
  en: 'Select all on this page',
  es: 'Seleccionar todo en esta página',
  ja: 'このページをすべて選択',
};

describe('languages', () => {
  const session = adminSession();
  const { baseURL } = session;

  const submit = (page: Page) => page.locator('form button[type=submit]');
  const savedLanguage = (page: Page) => page.evaluate(() => localStorage.getItem('language'));

  async function expectSignInPageIn(page: Page, language: Language) {
    const texts = TEXTS[language];
    await expect.poll(() => submit(page).innerText()).toBe(texts.signIn);
    await page.getByRole('radio', { name: texts.admin, exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(texts.htmlLang);
    const pressed = page.locator('nav[data-testid=language-switch] button[aria-pressed=true]');
    expect(await pressed.innerText()).toBe(texts.name);
  }

  it('switches the sign-in page to each language and keeps the choice after a reload', async () => {
    const page = await newPage(session.browser, { locale: 'en-US' });
    await page.goto(`${baseURL}/login`);
    await expectSignInPageIn(page, 'en');
    // The browser's language is followed, not stored: only a choice the user makes is kept.
    expect(await savedLanguage(page)).toBeNull();

    for (const language of LANGUAGES) {
      await page
        .locator('nav[data-testid=language-switch]')
        .getByRole('button', { name: TEXTS[language].name })
        .click();
      await expectSignInPageIn(page, language);
      expect(await savedLanguage(page)).toBe(language);
      await animationsDone(page);
      await screenshot(page, `login-${language}`);
    }

    // The last choice (ja) outlives a reload, though the browser speaks English.
    await page.reload();
    await expectSignInPageIn(page, 'ja');
    await page.context().close();
  });

  for (const [locale, language] of [
    ['ja-JP', 'ja'],
    ['es-ES', 'es'],
    ['zh-CN', 'zh'],
    ['fr-FR', 'en'],
  ] as const) {
    it(`without a saved choice follows the browser language: ${locale} → ${language}`, async () => {
      const page = await newPage(session.browser, { locale });
      await page.goto(`${baseURL}/login`);
      await expectSignInPageIn(page, language);
      await page.context().close();
    });
  }

  /** Picks a language from the navbar's language menu. */
  async function chooseInNavbar(page: Page, language: Language) {
    await page.locator('button[data-testid=language-switch]').click();
    const menu = await openedMenu(page);
    await menu.getByRole('menuitem', { name: TEXTS[language].name }).click();
    // First the choice takes effect, then the menu must be gone (two separate failures).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.lang))
      .toBe(TEXTS[language].htmlLang);
    await menu.waitFor({ state: 'hidden', timeout: 5_000 });
  }

  async function expectAppIn(page: Page, language: Language) {
    const texts = TEXTS[language];
    const sidebar = page.locator('[data-testid=sidebar]');
    await sidebar.getByText(texts.system, { exact: true }).waitFor();
    await sidebar.getByText(texts.users, { exact: true }).waitFor();
    await page
      .locator('.app-main-page:not([hidden]) .ant-btn-primary', { hasText: texts.addUser })
      .waitFor();
    await expect
      .poll(() => page.locator('.app-main-page:not([hidden]) .ant-pagination').innerText())
      .toContain(texts.perPage);
    expect(await page.locator('.app-breadcrumb').innerText()).toContain(texts.users);
    expect(await page.locator('.tags-view-item.active').innerText()).toBe(texts.users);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(texts.htmlLang);
  }

  for (const language of LANGUAGES) {
    it(`greets the seeded administrator and names the tables' checkboxes in ${language}`, async () => {
      const page = await newPage(session.browser, {
        locale: TEXTS[language].htmlLang,
        viewport: { width: 1440, height: 900 },
      });
      await openSignedIn(page, session.admin, `${baseURL}/dashboard`);
      const greeting = page.locator('.dashboard h3');
      // The seed's Chinese nickname, shown in the page's language while it is unchanged.
      await expect.poll(() => greeting.innerText()).toContain(TEXTS[language].admin);
      expect(await page.locator('.navbar-nickname').innerText()).toBe(TEXTS[language].admin);
      await screenshot(page, `first-look-dashboard-${language}`, { fullPage: false });

      await pushPath(page, '/baseData/examStudent');
      const selectAll = page.locator('.app-main-page:not([hidden]) thead input[type=checkbox]');
      await expect
        .poll(() => selectAll.first().getAttribute('aria-label'))
        .toBe(SELECT_ALL[language]);
      await page.context().close();
    });
  }

  it('writes a field label in lower case inside a Spanish message', async () => {
    const page = await newPage(session.browser, {
      locale: 'es-ES',
      viewport: { width: 1440, height: 900 },
    });
    await openSignedIn(page, session.admin, `${baseURL}/system/userManage`);
    await page.getByRole('button', { name: TEXTS.es.addUser }).click();
    const modal = await openedPopup(page, page.locator('.ant-modal-wrap:visible .ant-modal'));
    await modal.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() => modal.locator('.ant-form-item-explain-error').allInnerTexts())
      .toEqual(['Introduzca nombre de usuario', 'Introduzca nombre visible']);
    await animationsDone(page);
    await screenshot(page, 'first-look-user-form-es', { fullPage: false });
    await page.context().close();
  });

  it('keeps two-character Japanese buttons whole (保存, not 保 存) and spaces only Chinese ones', async () => {
    const saveText = async (locale: string, language: Language) => {
      const page = await newPage(session.browser, { locale });
      await openSignedIn(page, session.admin, `${baseURL}/system/userManage`);
      await page.getByRole('button', { name: TEXTS[language].addUser }).click();
      const modal = await openedPopup(page, page.locator('.ant-modal-wrap:visible .ant-modal'));
      const text = await modal.locator('.ant-modal-footer .ant-btn-primary').innerText();
      await page.context().close();
      return text;
    };
    expect(await saveText('ja-JP', 'ja')).toBe('保存');
    // antd's spacing of two Chinese characters is the Chinese convention: kept for Chinese.
    expect(await saveText('zh-CN', 'zh')).toBe('保 存');
  });

  for (const language of LANGUAGES) {
    it(`switches the app to ${language} from the navbar, keeps it after a reload, and looks right`, async () => {
      // Start from another language, so that the switch is seen.
      const page = await newPage(session.browser, {
        locale: language === 'en' ? 'zh-CN' : 'en-US',
      });
      await openSignedIn(page, session.admin, `${baseURL}/system/userManage`);
      await page.locator('.app-main-page:not([hidden]) .ant-table-row').first().waitFor();

      await chooseInNavbar(page, language);
      await expectAppIn(page, language);
      expect(await savedLanguage(page)).toBe(language);

      await page.reload();
      await waitForLayout(page);
      await expectAppIn(page, language);

      for (const screen of SCREENS) {
        if (screen.name !== 'users' && !FULL_SET.includes(language)) continue;
        await pushPath(page, screen.path);
        // The new page is rendered once its tab is the active one (until then the last page
        // still shows); then its code and its data load.
        await page.locator(`.tags-view-item.active[data-path="${screen.path}"]`).waitFor();
        await page.locator(`.app-main-page:not([hidden]) ${screen.ready}`).first().waitFor();
        const busy = page.locator(
          '.app-main-page:not([hidden]) :is(.page-loading, .ant-spin-spinning)',
        );
        await expect.poll(() => busy.count()).toBe(0);
        await animationsDone(page);
        await screenshot(page, `${screen.name}-${language}`);
      }
      await page.context().close();
    });
  }
});
