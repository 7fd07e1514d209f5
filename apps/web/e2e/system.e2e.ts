import { clientPasswordHash } from '@kaoshi/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient, DEFAULT_PASSWORD } from './api';
import {
  animationsDone,
  answerConfirm,
  buttonName,
  newPage,
  openSelect,
  openSignedIn,
  screenshot,
} from './browser';
import { adminSession } from './session';

// The System screens (users, roles, permissions) driven through the UI by the administrator, in
// Chinese; the API confirms what the screens claim.
const STUDENT_TYPE = 3;
const TEACHER_TYPE = 2;

interface PermissionNode {
  id: number;
  key: string;
  children?: PermissionNode[];
}

describe('System screens', () => {
  const session = adminSession();
  const { baseURL } = session;

  async function openAs(path: string) {
    const page = await newPage(session.browser, { locale: 'zh-CN' });
    await openSignedIn(page, session.admin, `${baseURL}${path}`);
    await rows(page).first().waitFor();
    return page;
  }

  /** The table rows of the page shown (cached pages stay in the document, hidden). */
  const rows = (page: Page) => page.locator('.app-main-page:not([hidden]) .ant-table-row');
  const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
  const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');
  /** Clicks the button `title` (新增用户…) and answers the dialog it opens, once that shows its title. */
  async function openDialog(page: Page, title: string) {
    await page.getByRole('button', { name: buttonName(title) }).click();
    const modal = dialog(page);
    await modal.getByText(title).waitFor();
    return modal;
  }
  const errors = (scope: Locator) => scope.locator('.ant-form-item-explain-error');
  const toast = (page: Page) => page.locator('.ant-message-notice');

  /** Types into a filter of the page's search form and presses its search button. */
  async function search(page: Page, form: string, field: string, value: string) {
    const filters = page.locator(`form#${form}`);
    await filters.getByRole('textbox', { name: field }).fill(value);
    await filters.getByRole('button', { name: buttonName('搜索') }).click();
  }

  async function saveDialog(page: Page) {
    const modal = dialog(page);
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await modal.waitFor({ state: 'hidden' });
  }

  /** Chooses options of the antd Select in `scope` by their labels. */
  async function choose(page: Page, scope: Locator, ...options: string[]) {
    const list = await openSelect(page, scope.getByRole('combobox'));
    for (const option of options) {
      await list.locator('.ant-select-item-option', { hasText: option }).click();
    }
    // A multiple select stays open and covers the dialog's buttons: click beside it to close it.
    await page.locator('.ant-modal-wrap:visible .ant-modal-title').click();
    await list.waitFor({ state: 'hidden' });
  }

  it('adds a user (refusing a bad username), edits it, binds a role, resets its password and deletes it', async () => {
    const page = await openAs('/system/userManage');
    const modal = await openDialog(page, '新增用户');

    // Staff accounts are made here (students in student management): a teacher by default.
    const userType = modal.locator('.ant-form-item').filter({ hasText: '用户类型' });
    expect(await userType.locator('.ant-select').innerText()).toBe('教师/阅卷员');

    // Empty: both required fields say so, and nothing is sent.
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect.poll(() => errors(modal).allInnerTexts()).toEqual(['请输入用户名', '请输入昵称']);

    await modal.getByLabel('用户名').fill('bad name!');
    await modal.getByLabel('昵称').fill('爱丽丝');
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect
      .poll(() => errors(modal).allInnerTexts())
      .toEqual(['2 至 64 个字符，只能包含字母、数字及 _ . @ -']);

    // Taken: the server's refusal, in Chinese, on the username field, with no toast on top.
    await modal.getByLabel('用户名').fill('admin');
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await expect.poll(() => errors(modal).allInnerTexts()).toEqual(['用户名“admin”已被占用']);
    expect(await page.locator('.ant-message-notice .ant-message-error').count()).toBe(0);
    await animationsDone(page);
    await screenshot(page, 'system-user-taken-zh', { fullPage: false });

    await modal.getByLabel('用户名').fill('system-alice');
    await saveDialog(page);
    await toast(page).filter({ hasText: '用户已新增' }).waitFor();
    await search(page, 'userSearch', '用户名', 'system-alice');
    const alice = row(page, 'system-alice');
    await expect.poll(() => alice.innerText()).toContain('爱丽丝');
    expect(await alice.innerText()).toContain('教师/阅卷员');

    // Edit: a new nickname.
    await alice.getByRole('button', { name: '编辑' }).click();
    await dialog(page).getByText('编辑用户').waitFor();
    expect(await dialog(page).getByLabel('用户名').inputValue()).toBe('system-alice');
    await dialog(page).getByLabel('昵称').fill('爱丽丝二号');
    await saveDialog(page);
    await expect.poll(() => alice.innerText()).toContain('爱丽丝二号');

    // Roles: bind QUESTION_WRITER (shown by its translated name).
    await alice.getByRole('button', { name: '角色' }).click();
    await dialog(page).getByText('“system-alice”的角色').waitFor();
    await choose(page, dialog(page), '命题员');
    await saveDialog(page);
    await expect.poll(() => alice.locator('.ant-tag').allInnerTexts()).toEqual(['命题员']);

    // Reset password: the user chose their own, the reset brings back the default one.
    const asAlice = await ApiClient.signIn(baseURL, 'system-alice', DEFAULT_PASSWORD, TEACHER_TYPE);
    await asAlice.call('POST', '/api/kaoshi-user/user/updatePass', {
      oldPass: clientPasswordHash(DEFAULT_PASSWORD),
      newPass: clientPasswordHash('system-alice-own'),
    });
    await expect(
      ApiClient.signIn(baseURL, 'system-alice', DEFAULT_PASSWORD, TEACHER_TYPE),
    ).rejects.toThrow();
    await alice.getByRole('button', { name: '重置密码' }).click();
    expect(await page.locator('.ant-modal-confirm:visible').innerText()).toContain(
      '确定重置密码吗？',
    );
    await answerConfirm(page, '重置密码', '“system-alice”的密码已重置为默认密码');
    await ApiClient.signIn(baseURL, 'system-alice', DEFAULT_PASSWORD, TEACHER_TYPE);

    // Delete, after a confirmation.
    await alice.getByRole('button', { name: '删除' }).click();
    await answerConfirm(page, '删除', '已删除');
    await expect.poll(() => alice.count()).toBe(0);
    expect(await session.admin.userId('system-alice')).toBeUndefined();
    await page.context().close();
  });

  it('adds a role, edits it, grants it user management in the tree, and deletes it', async () => {
    const page = await openAs('/system/roleManage');
    const modal = await openDialog(page, '新增角色');
    await modal.getByLabel('角色名称').fill('system-role');
    // The key is written in capitals whatever is typed.
    await modal.getByLabel('角色标识').fill('system_e2e');
    expect(await modal.getByLabel('角色标识').inputValue()).toBe('SYSTEM_E2E');
    await saveDialog(page);
    await toast(page).filter({ hasText: '角色已新增' }).waitFor();
    await search(page, 'roleSearch', '角色名称', 'system-role');
    const role = row(page, 'SYSTEM_E2E');
    await role.waitFor();

    await role.getByRole('button', { name: '编辑' }).click();
    await dialog(page).getByLabel('角色名称').fill('system-role-2');
    await dialog(page).getByLabel('描述').fill('e2e 测试角色');
    await saveDialog(page);
    await expect.poll(() => role.innerText()).toContain('system-role-2');
    expect(await role.innerText()).toContain('e2e 测试角色');

    // Permissions: checking 用户管理 also checks its group 系统管理 (the drawer's rule).
    const roleId = await session.admin.roleId('SYSTEM_E2E');
    const before = await session.admin.call<number[]>(
      'GET',
      `/api/kaoshi-user/role/listRoleRefPermission/${roleId}`,
    );
    expect(before).toEqual([]);
    await role.getByRole('button', { name: '分配权限' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByText('“system-role-2”的权限').waitFor();
    await drawer
      .locator('.ant-tree-treenode', { hasText: 'SYSTEM-USER' })
      .locator('.ant-tree-checkbox')
      .click();
    await drawer.getByRole('button', { name: buttonName('保存') }).click();
    await toast(page).filter({ hasText: '权限已保存' }).waitFor();
    await drawer.waitFor({ state: 'hidden' });

    const tree = await session.admin.call<PermissionNode[]>(
      'GET',
      '/api/kaoshi-user/permission/listPermissionTree',
    );
    const all = (nodes: PermissionNode[]): PermissionNode[] =>
      nodes.flatMap((n) => [n, ...all(n.children ?? [])]);
    const idOf = (key: string) => all(tree).find((node) => node.key === key)?.id;
    const after = await session.admin.call<number[]>(
      'GET',
      `/api/kaoshi-user/role/listRoleRefPermission/${roleId}`,
    );
    expect([...after].sort((a, b) => a - b)).toEqual(
      [idOf('SYSTEM'), idOf('SYSTEM-USER')].sort((a, b) => a! - b!),
    );

    await role.getByRole('button', { name: '删除' }).click();
    await answerConfirm(page, '删除');
    await expect.poll(() => role.count()).toBe(0);
    await expect(session.admin.roleId('SYSTEM_E2E')).rejects.toThrow();
    await page.context().close();
  });

  it('does not offer to delete a built-in role, and shows why a held role cannot go', async () => {
    await session.admin.call('POST', '/api/kaoshi-user/role/addRole', {
      name: 'system-held',
      key: 'SYSTEM_HELD',
      description: '',
    });
    await session.admin.createUser('system-holder', STUDENT_TYPE, ['SYSTEM_HELD']);
    const page = await openAs('/system/roleManage');

    const teacher = row(page, 'QUESTION_WRITER');
    expect(await teacher.getByRole('button', { name: '删除' }).isDisabled()).toBe(true);
    expect(await teacher.innerText()).toContain('内置');
    // The membership role is the one the publishing group needs (docs/spec.md §6), and says so.
    expect(await row(page, '考务组成员').innerText()).toContain('SUPER');
    expect(await row(page, '阅卷员').innerText()).toContain('MARKER');
    await screenshot(page, 'system-roles-zh');

    // Other files' roles may fill the first page (ten are built in): find it by its key.
    await search(page, 'roleSearch', '角色标识', 'SYSTEM_HELD');
    const held = row(page, 'SYSTEM_HELD');
    await held.getByRole('button', { name: '删除' }).click();
    // The server says why in the page's language (zh).
    await answerConfirm(page, '删除', '角色“system-held”仍被 1 个用户持有，请先解除绑定');
    expect(await held.count()).toBe(1);
    await page.context().close();
  });

  it('adds a custom menu entry and a button under it, edits the menu, deletes the button then the menu', async () => {
    const page = await openAs('/system/permissionManage');
    let modal = await openDialog(page, '新增权限');
    await modal.getByLabel('名称').fill('system-menu');
    await modal.getByLabel('权限标识').fill('SYSTEM-E2E-MENU');
    await modal.getByLabel('路径').fill('/systemE2e');
    await saveDialog(page);
    await toast(page).filter({ hasText: '权限已新增' }).waitFor();
    const menu = row(page, 'SYSTEM-E2E-MENU');
    await menu.waitFor();
    expect(await menu.innerText()).toContain('菜单');

    await menu.getByRole('button', { name: '新增下级' }).click();
    modal = dialog(page);
    await modal.getByText('新增下级').first().waitFor();
    await modal.getByLabel('名称').fill('system-button');
    await modal.getByLabel('权限标识').fill('SYSTEM-E2E-BUTTON');
    await modal.getByText('按钮', { exact: true }).click();
    // A button has no link, path or icon (the form drops them once the type has changed).
    await expect.poll(() => modal.getByLabel('路径').count()).toBe(0);
    await saveDialog(page);
    const button = row(page, 'SYSTEM-E2E-BUTTON');
    await button.waitFor();
    expect(await button.innerText()).toContain('按钮');
    // The child row follows its menu.
    const keys = await rows(page).locator('code').allInnerTexts();
    expect(keys.indexOf('SYSTEM-E2E-BUTTON')).toBe(keys.indexOf('SYSTEM-E2E-MENU') + 1);

    // A menu with a child cannot be deleted yet.
    expect(await menu.getByRole('button', { name: '删除' }).isDisabled()).toBe(true);

    await menu.getByRole('button', { name: '编辑' }).click();
    await dialog(page).getByText('编辑权限').waitFor();
    await dialog(page).getByLabel('名称').fill('system-menu-2');
    await saveDialog(page);
    await expect.poll(() => menu.innerText()).toContain('system-menu-2');

    await button.getByRole('button', { name: '删除' }).click();
    await answerConfirm(page, '删除');
    await expect.poll(() => button.count()).toBe(0);
    await expect.poll(() => menu.getByRole('button', { name: '删除' }).isDisabled()).toBe(false);
    await menu.getByRole('button', { name: '删除' }).click();
    await answerConfirm(page, '删除');
    await expect.poll(() => menu.count()).toBe(0);
    await page.context().close();
  });

  it('goes back to page 1 when a filter is searched (spec §5), and stays put without one', async () => {
    for (let i = 1; i <= 25; i++) {
      await session.admin.createUser(`system-page-${String(i).padStart(2, '0')}`, STUDENT_TYPE, [
        'STUDENT',
      ]);
    }
    const page = await openAs('/system/userManage');
    const pagination = page.locator('.app-main-page:not([hidden]) .ant-pagination');
    const current = () => pagination.locator('.ant-pagination-item-active').innerText();

    await pagination.locator('.ant-pagination-item-2').click();
    await expect.poll(current).toBe('2');

    await search(page, 'userSearch', '用户名', 'system-page');
    await expect.poll(current).toBe('1');
    await expect.poll(() => pagination.innerText()).toContain('共 25 条');
    const names = await rows(page).locator('td:nth-child(2)').allInnerTexts();
    expect(names).toHaveLength(20);
    expect(names.every((name) => name.startsWith('system-page-'))).toBe(true);

    // Page 2 of the filtered list, then the same search again: back to page 1.
    await pagination.locator('.ant-pagination-item-2').click();
    await expect.poll(current).toBe('2');
    await expect.poll(() => rows(page).count()).toBe(5);
    await page
      .locator('form#userSearch')
      .getByRole('button', { name: buttonName('搜索') })
      .click();
    await expect.poll(current).toBe('1');

    // With every filter empty, searching keeps the page.
    await pagination.locator('.ant-pagination-item-2').click();
    await expect.poll(current).toBe('2');
    await search(page, 'userSearch', '用户名', '');
    await expect.poll(() => pagination.innerText()).not.toContain('共 25 条');
    expect(await current()).toBe('2');
    await page.context().close();
  });
});
