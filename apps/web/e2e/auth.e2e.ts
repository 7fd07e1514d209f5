import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import zh from '../src/i18n/locales/zh';
import { ApiClient, DEFAULT_PASSWORD } from './api';
import {
  E2E_ADMIN_PASSWORD,
  PHONE,
  animationsDone,
  cutSideways,
  buttonName,
  newPage,
  openSignedIn,
  pushPath,
  screenshot,
  submitSignIn,
  waitForLayout,
  openedMenu,
} from './browser';
import { LANGUAGES } from './languages';
import { adminSession } from './session';

// Sign-in, the route guard, sign-out and the change of one's own password (docs/spec.md §2, §4, §5),
// in Chinese (the browser language of these contexts), the product's main language.
const ADMIN = '管理员';
const TEACHER = '教师/阅卷员';
const STUDENT = '考生';
const TEACHER_TYPE = 2;
const STUDENT_TYPE = 3;

describe('signing in and out', () => {
  const session = adminSession();
  const { baseURL } = session;

  const url = (page: Page) => new URL(page.url());
  const alert = (page: Page) => page.getByRole('alert');

  /** Opens the sign-in page and signs in; waits for the layout. */
  async function signIn(page: Page, username: string, password: string, typeLabel: string) {
    if (url(page).pathname !== '/login') await page.goto(`${baseURL}/login`);
    await submitSignIn(page, username, password, typeLabel);
    await waitForLayout(page);
  }

  /** A teacher (question writer and analyst) named `name`, with the default password unless given. */
  const createTeacher = (name: string, password?: string) =>
    session.admin.createUser(name, TEACHER_TYPE, ['QUESTION_WRITER', 'ANALYST'], name, password);

  it('sends a signed-out deep link to sign-in and, after it, back to the page', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${baseURL}/system/userManage`);
    await page.waitForURL('**/login?**');
    expect(url(page).searchParams.get('redirect')).toBe('/system/userManage');

    await signIn(page, 'admin', E2E_ADMIN_PASSWORD, ADMIN);
    await page.waitForURL(`${baseURL}/system/userManage`);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('keeps the whole path with its query through the sign-in', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${baseURL}/system/roleManage?name=x&key=y`);
    await page.waitForURL('**/login?**');
    expect(url(page).searchParams.get('redirect')).toBe('/system/roleManage?name=x&key=y');

    await signIn(page, 'admin', E2E_ADMIN_PASSWORD, ADMIN);
    await page.waitForURL(`${baseURL}/system/roleManage?name=x&key=y`);
    await page.context().close();
  });

  it('sends a signed-in user from /login and from / to /dashboard', async () => {
    const page = await newPage(session.browser);
    await signIn(page, 'admin', E2E_ADMIN_PASSWORD, ADMIN);
    await page.waitForURL(`${baseURL}/dashboard`);

    await page.goto(`${baseURL}/login`);
    await page.waitForURL(`${baseURL}/dashboard`);
    await waitForLayout(page);

    await page.goto(`${baseURL}/`);
    await page.waitForURL(`${baseURL}/dashboard`);
    await expect
      .poll(() => page.locator('.tags-view-item.active').getAttribute('data-path'))
      .toBe('/dashboard');
    await page.context().close();
  });

  it('signs in when the form is sent before the server has said whether it wants a captcha', async () => {
    await createTeacher('auth-early', 'auth-early-pass');
    const page = await newPage(session.browser);
    // The answer to "captcha?" is held back until the form has been sent (a slow network).
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    let asked = false;
    await page.route('**/security/loginOptions', async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto(`${baseURL}/login?redirect=%2Fdashboard`);
    await expect.poll(() => asked).toBe(true);
    await submitSignIn(page, 'auth-early', 'auth-early-pass', TEACHER);
    answer();
    await page.waitForURL(`${baseURL}/dashboard`);
    await page.context().close();
  });

  it('shows a wrong password in the form and stays on /login', async () => {
    await createTeacher('auth-wrong', 'auth-right-pass');
    const page = await newPage(session.browser);
    await page.goto(`${baseURL}/login?redirect=%2Fdashboard`);
    await submitSignIn(page, 'auth-wrong', 'not-the-password', TEACHER);
    await alert(page).waitFor();
    expect(await alert(page).innerText()).toBe(
      '用户名或密码错误，或该账号不能以所选身份登录（也可能已停用或过期）。',
    );
    expect(url(page).pathname).toBe('/login');
    expect(url(page).searchParams.get('redirect')).toBe('/dashboard');
    // The form keeps what was typed, and a second try with the right password goes through.
    expect(await page.locator('input[name=username]').inputValue()).toBe('auth-wrong');
    await page.locator('input[name=password]').fill('auth-right-pass');
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(`${baseURL}/dashboard`);
    await page.context().close();
  });

  it('shows the required fields when the form is sent empty', async () => {
    const page = await newPage(session.browser);
    await page.goto(`${baseURL}/login`);
    await page.locator('form button[type=submit]').click();
    await page.getByText('请输入用户名').waitFor();
    await page.getByText('请输入密码').waitFor();
    expect(await page.locator('input[name=username]').getAttribute('aria-invalid')).toBe('true');
    // The server runs with CAPTCHA=off: the form asks for none.
    expect(await page.locator('input[name=verifyCode]').count()).toBe(0);
    await page.context().close();
  });

  it('after a wrong captcha code shows only the server message, not an empty-field error', async () => {
    const page = await newPage(session.browser);
    // The test server runs without a captcha: this page is told it has one, and the sign-in
    // answers as the server does for a wrong code.
    await page.route('**/api/kaoshi-user/security/loginOptions', (route) =>
      route.fulfill({ json: { status: 200, message: 'ok', data: { captcha: true } } }),
    );
    await page.route('**/api/kaoshi-user/security/doLogin', (route) =>
      route.fulfill({
        status: 400,
        json: {
          status: 10002,
          message: '验证码：验证码错误',
          data: { field: 'verifyCode' },
        },
      }),
    );
    await page.goto(`${baseURL}/login`);
    const code = page.locator('input[name=verifyCode]');
    await code.waitFor();
    await code.fill('zzzz');
    await submitSignIn(page, 'admin', E2E_ADMIN_PASSWORD, ADMIN);
    await alert(page).waitFor();
    expect(await alert(page).innerText()).toBe('验证码错误或已过期，请输入新的验证码。');
    // The code is emptied for the new image, without a "please enter" of its own.
    expect(await code.inputValue()).toBe('');
    expect(await page.locator('.login-problem').count()).toBe(0);
    expect(await code.getAttribute('aria-invalid')).toBe('false');
    await screenshot(page, 'login-wrong-captcha-zh');

    // Sent again empty, the field asks for a code.
    await page.locator('form button[type=submit]').click();
    await page.locator('.login-problem', { hasText: '请输入验证码' }).waitFor();
    await page.context().close();
  });

  it('refuses a teacher signing in as a student, in the form', async () => {
    await createTeacher('auth-teacher', 'auth-teacher-pass');
    const page = await newPage(session.browser);
    await page.goto(`${baseURL}/login`);
    await submitSignIn(page, 'auth-teacher', 'auth-teacher-pass', STUDENT);
    await alert(page).waitFor();
    expect(await alert(page).innerText()).toMatch(/不能以所选身份登录/);
    expect(url(page).pathname).toBe('/login');
    expect(await page.locator('.navbar').count()).toBe(0);

    // The same account as a teacher is fine.
    await submitSignIn(page, 'auth-teacher', 'auth-teacher-pass', TEACHER);
    await waitForLayout(page);
    await page.context().close();
  });

  it('signs out from the user menu to /login with the page as redirect; back does not show the app', async () => {
    const page = await newPage(session.browser);
    await signIn(page, 'admin', E2E_ADMIN_PASSWORD, ADMIN);
    await page.locator('[data-testid=sidebar]').getByText('系统管理', { exact: true }).click();
    await page.locator('[data-testid=sidebar]').getByText('角色管理', { exact: true }).click();
    await page.waitForURL(`${baseURL}/system/roleManage`);

    await page.getByRole('button', { name: '账号菜单' }).click();
    await (await openedMenu(page)).getByText('退出登录', { exact: true }).click();
    await page.waitForURL('**/login?**');
    expect(url(page).searchParams.get('redirect')).toBe('/system/roleManage');

    // The session is over on the server too.
    const me = await page.evaluate(() =>
      fetch('/api/kaoshi-user/auth/authWebUser').then((r) => r.json()),
    );
    expect(me).toMatchObject({ status: 10000 });

    await page.goBack();
    await page.waitForURL('**/login?**');
    await page.locator('form button[type=submit]').waitFor();
    expect(await page.locator('.navbar').count()).toBe(0);
    expect(await page.locator('[data-testid=sidebar]').count()).toBe(0);
    await page.context().close();
  });

  it('asks a user on the default password to change it, and the change signs them out', async () => {
    await createTeacher('auth-default');
    const page = await newPage(session.browser);
    await signIn(page, 'auth-default', DEFAULT_PASSWORD, TEACHER);

    const dialog = page.locator('.ant-modal:visible');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('请修改密码');
    await dialog.getByRole('button', { name: '立即修改' }).click();
    await page.waitForURL(`${baseURL}/profile/index`);
    await page.getByTestId('profile-default-password').waitFor();

    const form = page.getByTestId('profile-password-form');
    await form.getByLabel('当前密码').fill(DEFAULT_PASSWORD);
    await form.getByLabel('新密码', { exact: true }).fill('auth-new-pass');
    await form.getByLabel('确认新密码').fill('auth-new-pass-typo');
    await form.getByRole('button', { name: '修改密码' }).click();
    await form.getByText('两次输入的新密码不一致').waitFor();
    expect(url(page).pathname).toBe('/profile/index');

    await form.getByLabel('确认新密码').fill('auth-new-pass');
    await form.getByRole('button', { name: '修改密码' }).click();
    await page.waitForURL('**/login?**');
    await page.locator('form button[type=submit]').waitFor();
    // Profile.tsx sends the user to sign in again with the dashboard as the next page (not back
    // to the form they just used).
    expect(url(page).searchParams.get('redirect')).toBe('/dashboard');

    // The old password no longer works...
    await submitSignIn(page, 'auth-default', DEFAULT_PASSWORD, TEACHER);
    await alert(page).waitFor();
    expect(url(page).pathname).toBe('/login');

    // ...the new one does, and nobody asks for a change any more.
    await page.locator('input[name=password]').fill('auth-new-pass');
    await page.locator('form button[type=submit]').click();
    await waitForLayout(page);
    await pushPath(page, '/dashboard');
    await page.locator('.dashboard').waitFor();
    expect(await page.locator('.ant-modal:visible').count()).toBe(0);
    await page.context().close();
  });

  it('makes a student on the initial password change it before anything else, then sign in anew', async () => {
    // A student account on the default (initial) password, created as the admin does.
    const name = 'auth-initial-student';
    await session.admin.createUser(name, STUDENT_TYPE, ['STUDENT']);
    const page = await newPage(session.browser);
    await page.goto(`${baseURL}/login`);
    await submitSignIn(page, name, DEFAULT_PASSWORD, STUDENT);

    // Only the change of password: no menu, no dashboard, whatever the address says.
    const screen = page.getByTestId('initial-password-change');
    await screen.waitFor();
    await screen.getByText(zh.login.mustChangeTitle).waitFor();
    expect(await page.locator('.dashboard').count()).toBe(0);
    expect(await page.locator('.ant-layout-sider, .sidebar').count()).toBe(0);
    await page.goto(`${baseURL}/exam-student/examStudentTest`);
    await screen.waitFor();
    await animationsDone(page);
    await screenshot(page, 'auth-initial-password-change-zh', { fullPage: false });

    const labels = zh.profile.password;
    await screen.getByLabel(labels.old, { exact: true }).fill(DEFAULT_PASSWORD);
    await screen.getByLabel(labels.new, { exact: true }).fill('auth-own-pass-1');
    await screen.getByLabel(labels.confirm, { exact: true }).fill('auth-own-pass-1');
    await screen.getByRole('button', { name: labels.submit }).click();
    await page.waitForURL('**/login?**');
    await page.getByRole('status').filter({ hasText: zh.login.passwordChanged }).waitFor();

    await page.locator('input[name=username]').fill(name);
    await page.locator('input[name=password]').fill('auth-own-pass-1');
    await page.locator('form button[type=submit]').click();
    await waitForLayout(page);
    await page.waitForURL(`${baseURL}/dashboard`);
    expect(await page.getByTestId('initial-password-change').count()).toBe(0);
    await page.context().close();
  });

  for (const [language, locale, texts] of LANGUAGES.slice(1)) {
    it(`asks for a new password at the first sign-in in ${language}, whole on a phone`, async () => {
      const name = `auth-initial-${language}`;
      await session.admin.createUser(name, STUDENT_TYPE, ['STUDENT']);
      const page = await newPage(session.browser, { locale, viewport: PHONE });
      await page.goto(`${baseURL}/login`);
      await submitSignIn(page, name, DEFAULT_PASSWORD, texts.login.userTypes.student);

      const screen = page.getByTestId('initial-password-change');
      await screen.getByText(texts.login.mustChangeTitle, { exact: true }).waitFor();
      for (const label of [texts.profile.password.old, texts.profile.password.new]) {
        await screen.getByLabel(label, { exact: true }).waitFor();
      }
      await screen.getByRole('button', { name: texts.profile.password.submit }).waitFor();
      expect(await cutSideways(screen.locator('label, input, button, h1, h2, h3, h4'))).toEqual([]);
      await animationsDone(page);
      await screenshot(page, `auth-initial-password-change-${language}-phone`, { fullPage: false });
      await page.context().close();
    });
  }

  for (const [language, locale, texts] of LANGUAGES) {
    it(`tells a student who opens an administrator's page why they are on the dashboard (${language})`, async () => {
      const name = `auth-student-${language}`;
      await session.admin.createUser(name, STUDENT_TYPE, ['STUDENT'], name, 'auth-student-pass');
      const student = await ApiClient.signIn(baseURL, name, 'auth-student-pass', STUDENT_TYPE);
      const page = await newPage(session.browser, { locale });
      await student.addSessionTo(page.context());

      const why = texts.errorPage.noAccess.replace('{{page}}', texts.route.userManage);
      const toast = page.locator('.ant-message-notice', { hasText: why });
      await page.goto(`${baseURL}/system/userManage`);
      // docs/spec.md §2 still sends them home; the toast says why, in their language.
      await Promise.all([page.waitForURL(`${baseURL}/dashboard`), toast.waitFor()]);
      await page.locator('.dashboard').waitFor();
      await animationsDone(page);
      await screenshot(page, `auth-no-access-${language}`, { fullPage: false });
      await page.context().close();
    });

    it(`remembers "later" on the default-password prompt for that user through a reload (${language})`, async () => {
      const first = `auth-later-${language}`;
      const second = `auth-later2-${language}`;
      await createTeacher(first);
      await createTeacher(second);
      const page = await newPage(session.browser, { locale });
      const firstSession = await ApiClient.signIn(baseURL, first, DEFAULT_PASSWORD, TEACHER_TYPE);
      await openSignedIn(page, firstSession, `${baseURL}/dashboard`);

      const prompt = page.locator('.ant-modal:visible', {
        hasText: texts.login.defaultPasswordTitle,
      });
      await prompt.waitFor();
      await animationsDone(page);
      await screenshot(page, `auth-default-password-prompt-${language}`, { fullPage: false });
      await prompt.getByRole('button', { name: buttonName(texts.login.later) }).click();
      await prompt.waitFor({ state: 'hidden' });

      await page.reload();
      await waitForLayout(page);
      await page.locator('.dashboard').waitFor();
      await animationsDone(page);
      expect(await page.locator('.ant-modal:visible').count()).toBe(0);

      // Another user of the same browser is still asked.
      const secondSession = await ApiClient.signIn(baseURL, second, DEFAULT_PASSWORD, TEACHER_TYPE);
      await openSignedIn(page, secondSession, `${baseURL}/dashboard`);
      await prompt.waitFor();
      await page.context().close();
    });

    it(`confirms a password change on the sign-in page and keeps the user type (${language})`, async () => {
      const name = `auth-change-${language}`;
      await createTeacher(name);
      const teacher = await ApiClient.signIn(baseURL, name, DEFAULT_PASSWORD, TEACHER_TYPE);
      const page = await newPage(session.browser, { locale });
      await openSignedIn(page, teacher, `${baseURL}/profile/index`);

      const form = page.getByTestId('profile-password-form');
      const labels = texts.profile.password;
      await form.getByLabel(labels.old, { exact: true }).fill(DEFAULT_PASSWORD);
      await form.getByLabel(labels.new, { exact: true }).fill('auth-changed-pass');
      await form.getByLabel(labels.confirm, { exact: true }).fill('auth-changed-pass');
      await form.getByRole('button', { name: labels.submit }).click();
      await page.waitForURL('**/login?**');

      await page.getByRole('status').filter({ hasText: texts.login.passwordChanged }).waitFor();
      const teacherType = page.getByRole('radio', { name: texts.login.userTypes.teacher });
      expect(await teacherType.getAttribute('aria-checked')).toBe('true');
      await screenshot(page, `auth-password-changed-${language}`, { fullPage: false });

      // Only the name and the new password are needed: the type is already theirs.
      await page.locator('input[name=username]').fill(name);
      await page.locator('input[name=password]').fill('auth-changed-pass');
      await page.locator('form button[type=submit]').click();
      await waitForLayout(page);
      await page.waitForURL(`${baseURL}/dashboard`);
      await page.context().close();
    });
  }
});
