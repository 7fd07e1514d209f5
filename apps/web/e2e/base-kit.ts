import { residentIdCheckChar } from '@kaoshi/shared';
import type { Locator, Page } from 'playwright-core';
import es from '../src/i18n/locales/es';
import ja from '../src/i18n/locales/ja';
import zh from '../src/i18n/locales/zh';
import { buttonName, type ContextOptions, openPage } from './browser';
import type { adminSession } from './session';

type AdminSession = ReturnType<typeof adminSession>;

// What the base-data screen tests share: the structure they work in and the page helpers.

export const COURSES = '/baseData/examCourse';
export const POINTS = '/baseData/examKnow';
export const STUDENTS = '/baseData/examStudent';
export const KNOWLEDGE_API = '/api/kaoshi-base/knowledge';
export const STUDENT_API = '/api/kaoshi-base/student';

/** An 18-digit resident ID number with a correct check character. */
export const residentId = (first17: string) => `${first17}${residentIdCheckChar(first17)}`;
/** The same number with a wrong check character. */
export const wrongCheck = (first17: string) =>
  `${first17}${residentIdCheckChar(first17) === '1' ? '2' : '1'}`;

export interface Structure {
  projectName: string;
  categoryName: string;
  jobTypeName: string;
  subjectId: number;
  batches: { id: number; name: string; code: string }[];
}

/** The accessible names of the scope selects and the junior level, per language. */
const scopeNames = (messages: typeof zh) => ({
  project: messages.school.select.project,
  category: messages.school.select.category,
  jobType: messages.school.select.jobType,
  level: messages.school.select.level,
  junior: messages.school.levels.junior,
});
export const SCOPE_NAMES = { zh: scopeNames(zh), es: scopeNames(es), ja: scopeNames(ja) };
export const BATCH_NAMES = {
  zh: zh.school.select.batch,
  es: es.school.select.batch,
  ja: ja.school.select.batch,
};
export const MESSAGES = { zh, es, ja };

/** The page helpers of the base-data screens, for one admin session. */
export function baseScreens(session: AdminSession) {
  const { baseURL } = session;

  /** Project → category → job type (levels 5 and 4) → two batches of level 5, through the API. */
  async function createStructure(): Promise<Structure> {
    const tag = Date.now().toString(36).toUpperCase();
    const projectName = `基础数据项目${tag}`;
    const categoryName = `制造类${tag}`;
    const jobTypeName = `电工${tag}`;
    const { id: schoolId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-school/school/addSchool',
      { name: projectName, code: `BP-${tag}` },
    );
    const { id: departmentId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-school/department/addDepartment',
      { schoolId, name: categoryName, code: `BD-${tag}` },
    );
    const { id: subjectId } = await session.admin.call<{ id: number }>(
      'POST',
      '/api/kaoshi-school/subject/addSubject',
      { departmentId, name: jobTypeName, code: `BS-${tag}`, levels: [5, 4] },
    );
    const batches = [];
    for (const n of [1, 2]) {
      const batch = { name: `第${n}批${tag}`, code: `BB${n}-${tag}` };
      const { id } = await session.admin.call<{ id: number }>(
        'POST',
        '/api/kaoshi-school/classes/addClasses',
        { subjectId, level: 5, ...batch },
      );
      batches.push({ id, ...batch });
    }
    return { projectName, categoryName, jobTypeName, subjectId, batches };
  }

  /** A signed-in page at `path` whose console errors are collected (HTTP refusals aside). */
  async function openAs(path: string, options: ContextOptions = {}) {
    return openPage(session.browser, session.admin, `${baseURL}${path}`, {
      locale: 'zh-CN',
      ...options,
    });
  }

  const main = (page: Page) => page.locator('.app-main-page:not([hidden])');
  const rows = (page: Page) => main(page).locator('.ant-table-row');
  const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
  const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');
  const fieldErrors = (scope: Locator) => scope.locator('.ant-form-item-explain-error');
  const toast = (page: Page) => page.locator('.ant-message-notice');

  async function saveDialog(page: Page) {
    const modal = dialog(page);
    await modal.getByRole('button', { name: buttonName('保存') }).click();
    await modal.waitFor({ state: 'hidden' });
  }

  return { createStructure, openAs, main, rows, row, dialog, fieldErrors, toast, saveDialog };
}
