import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const E2E_ADMIN_PASSWORD = 'e2e-admin-pass';
const resultsDir = fileURLToPath(new URL('../../../test-results', import.meta.url));

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 850 };

/**
 * Headless Debian Chromium with the flags this closed network needs, and any a test adds.
 * playwright's launch() gives every browser a fresh temporary profile (it refuses an explicit
 * --user-data-dir).
 */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/**
 * Saves test-results/<name>.png (the whole page unless told otherwise) once the page's animations
 * have ended (a tab switching, a toast arriving); look at them after a run.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  fs.mkdirSync(resultsDir, { recursive: true });
  await animationsDone(page);
  await page.screenshot({ path: path.join(resultsDir, `${name}.png`), fullPage });
}

/** Keeps a file the page produced (a PDF, a workbook) as test-results/<name> to look at after a run. */
export function keepResult(name: string, content: Buffer) {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, name), content);
}

/** Collects what the page's console reports as errors, CSP violations included. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export interface ContextOptions {
  /** The browser's language (navigator.languages), which the app follows without a saved choice. */
  locale?: string;
  viewport?: { width: number; height: number };
}

/**
 * For the tests only: lets no click reach a popup until rc-motion has finished opening it (antd's
 * dialogs, dropdowns, menus and popovers). In the "prepare" step the popup stands where it will
 * end, at opacity 0, which Playwright counts as visible and stable; the next step scales it to
 * nothing and the "active" step grows it back, from the spot last clicked for a dialog. A click is
 * aimed at a box measured at one instant and delivered a moment later: on a busy machine the popup
 * had moved in between, and the click landed beside its target (a table picker's cell, a dialog's
 * radio, a size in a list; most likely a dialog's Save too, aimed while the dialog still grew
 * from its button: it brought no validation messages, as a click on the mask beside would). With no pointer events in any of these steps, Playwright's hit test fails and
 * it waits until the popup stands still in place. Text and layout are untouched, and a user's
 * clicks in those few frames would miss anyway.
 */
const HOLD_OPENING_POPUPS = [
  '[class*="-appear-prepare"]',
  '[class*="-enter-prepare"]',
  '[class*="-appear-start"]',
  '[class*="-enter-start"]',
  '[class*="-appear-active"]',
  '[class*="-enter-active"]',
]
  .join(', ')
  .concat(' { pointer-events: none !important; }');

export async function holdOpeningPopups(context: BrowserContext) {
  await context.addInitScript((css: string) => {
    const add = () => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    };
    if (document.head) add();
    else document.addEventListener('DOMContentLoaded', add, { once: true });
  }, HOLD_OPENING_POPUPS);
}

/** A page in a fresh context (own cookies and storage): a clean session. */
export async function newPage(
  browser: Browser,
  { locale = 'zh-CN', viewport = DESKTOP }: ContextOptions = {},
) {
  const context = await browser.newContext({ locale, viewport });
  await holdOpeningPopups(context);
  return context.newPage();
}

/**
 * Signs in through the form of the page at /login: the user type is the radio of that label
 * (e.g. 管理员), then the submit button. It does not wait for what follows.
 */
export async function submitSignIn(
  page: Page,
  username: string,
  password: string,
  typeLabel: string,
) {
  await page.getByRole('radio', { name: typeLabel, exact: true }).click();
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form button[type=submit]').click();
}

/** Waits until the signed-in layout (sidebar and navbar) shows. */
export async function waitForLayout(page: Page) {
  await page.locator('.navbar').waitFor();
}

/** Signs the page in with `session` (an API client's cookies) and opens `url`, layout drawn. */
export async function openSignedIn(
  page: Page,
  session: { addSessionTo(context: BrowserContext): Promise<void> },
  url: string,
) {
  await session.addSessionTo(page.context());
  await page.goto(url);
  await waitForLayout(page);
}

/** Whether a console error is the browser's note of an HTTP refusal (4xx), which tests provoke. */
export const isHttpRefusal = (text: string) =>
  /the server responded with a status of 4\d\d/.test(text);

/**
 * A fresh page (see newPage) signed in with `session` and opened at `url`, layout drawn, with the
 * console errors it reports from its first moment: all of them, and (a function, read when
 * asked) those that are not HTTP refusals.
 */
export async function openPage(
  browser: Browser,
  session: { addSessionTo(context: BrowserContext): Promise<void> },
  url: string,
  {
    beforeOpening,
    ...options
  }: ContextOptions & {
    /** What to set up on the page before it loads (a listener, the test's clock). */
    beforeOpening?: (page: Page) => unknown;
  } = {},
) {
  const page = await newPage(browser, options);
  const errors = collectConsoleErrors(page);
  await beforeOpening?.(page);
  await openSignedIn(page, session, url);
  const unexpectedErrors = () => errors.filter((text) => !isHttpRefusal(text));
  return { page, errors, unexpectedErrors };
}

/** How much wider than its viewport (scroll bar left out) the page is: 0 when nothing sticks out. */
export const widthBeyondViewport = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** How much wider than the window (scroll bar included) the page is: at most 0 when it fits. */
export const widthBeyondWindow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The end of a visit to a screen at `viewport`: on a phone nothing is wider than the window, the
 * console held no unexpected error, and the page's context is closed.
 */
export async function endVisit(
  page: Page,
  viewport: ContextOptions['viewport'],
  unexpectedErrors: () => string[],
) {
  if (viewport === PHONE) {
    expect(await widthBeyondWindow(page)).toBeLessThanOrEqual(0);
  }
  expect(unexpectedErrors()).toEqual([]);
  await page.context().close();
}

/** Navigates inside the app without a page load, as a link of the app itself would. */
export async function pushPath(page: Page, path: string) {
  await page.evaluate((target) => {
    history.pushState({}, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Opens `path`, another screen, inside the app (pushPath) and waits until the page shown before
 * is hidden or replaced, so what is read next is the new screen (cached tabs stay in the
 * document, hidden). Cheaper than a page load: no sign-in, no start-up (docs/testing.md).
 */
export async function showPath(page: Page, path: string) {
  const shown = page.locator('.app-main-page:not([hidden])');
  const before = await shown.elementHandle();
  const here = await page.evaluate(() => location.pathname + location.search);
  if (here === path) return;
  await pushPath(page, path);
  if (before) {
    await page.waitForFunction(
      (element) => !element.isConnected || (element as HTMLElement).hidden,
      before,
    );
    await before.dispose();
  }
}

/** Waits for the running finite animations (drawers, menus, modals) to end, e.g. before a screenshot. */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The dialog, dropdown or menu `popup` once it has finished its opening animation (zoom or
 * slide): a click computed while it still moves lands beside its target, and on a busy machine it
 * is lost or hits a neighbour (a preview's answer switch stayed off; a font size never took).
 */
export async function openedPopup(page: Page, popup: Locator): Promise<Locator> {
  // rc-motion marks an opening popup with its motion classes (ant-zoom-appear…, ant-slide-up-
  // enter…) from before its animation is created until after it ends: waiting on the running
  // animations alone could end in the frames before the animation starts, and a box measured
  // then is the popup scaled to nothing.
  await popup.and(page.locator(':not([class*="-appear"]):not([class*="-enter"])')).waitFor();
  await animationsDone(page);
  return popup;
}

/** The dropdown menu just opened (a toolbar's, the account's), once it has stopped sliding in. */
export const openedMenu = (page: Page) =>
  openedPopup(page, page.locator('.ant-dropdown:visible:not([class*="-leave"])'));

/** A button's accessible name: antd spaces out two Chinese characters ("删 除"), so match either way. */
export const buttonName = (text: string) => new RegExp([...text].join('\\s*'));

/** Closes the dialog `modal` with its × and waits until it has gone. */
export async function closeDialog(modal: Locator) {
  await modal.locator('.ant-modal-close').click();
  await modal.waitFor({ state: 'hidden' });
}

/** Clicks the button `text` in the footer of the dialog `modal` (下一步, 保存, 关闭…). */
export async function clickFooterButton(modal: Locator, text: string) {
  await modal
    .locator('.ant-modal-footer')
    .getByRole('button', { name: buttonName(text) })
    .click();
}

/**
 * Answers the open confirmation (modal.confirm) with its button `text`. Clicks only once the box
 * has finished opening, so a click on a still-moving button is not lost on a slow machine. With
 * `saying`, also waits for the toast that says so: watched from before the click, because the
 * toast is shown while the box still waits for the list to reload, and on a busy machine it may
 * have gone again by the time the box has closed.
 */
export async function answerConfirm(page: Page, text: string, saying?: string) {
  const box = await openedPopup(page, page.locator('.ant-modal-confirm:visible'));
  const said = saying
    ? page.locator('.ant-message-notice').filter({ hasText: saying }).first().waitFor()
    : undefined;
  await box.getByRole('button', { name: buttonName(text) }).click();
  await Promise.all([box.waitFor({ state: 'hidden' }), said]);
}

/**
 * The rich-text editor (its .ke-root) whose text is labelled `label`. A form's editors are created
 * one after another once mounted: "the first .ke-root" may be the stem's or, a moment earlier,
 * an option's, and words typed there were lost with the option when the type changed.
 */
export const editorLabelled = (scope: Locator | Page, label: string) =>
  scope.locator(`.ke-root:has(.ProseMirror[aria-label="${label}"])`);

/** The dropdown of the antd Select whose combobox is `select`: the one holding its listbox. */
export async function dropdownOf(page: Page, select: Locator): Promise<Locator> {
  const id = await select.getAttribute('id');
  expect(id, 'an antd Select combobox has an id').toBeTruthy();
  return page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${id}_list"]`) });
}

/**
 * Opens the antd Select whose combobox is `select` and returns its own dropdown, drawn and still.
 * Clicks once and then waits on the select's state: on a busy machine the dropdown is drawn a
 * while after the click, and a second click closes a select that has no search box. The
 * dropdown is found by the listbox the combobox controls, never by "the visible one", which may
 * be another select's still closing.
 */
export async function openSelect(page: Page, select: Locator): Promise<Locator> {
  await select.click();
  return openedPopup(page, await dropdownOf(page, select));
}

/** Picks the option showing `option` in the Select `select`, and waits until its dropdown closed. */
export async function pickIn(page: Page, select: Locator, option: string) {
  const dropdown = await openSelect(page, select);
  const wanted = dropdown.locator('.ant-select-item-option', { hasText: option }).first();
  // A long list is virtual: only the options in view are drawn (the suite's data fills the job
  // types' list). Type to narrow it, as a user does, when the select can be searched.
  const searchable = await select.evaluate((input) => !(input as HTMLInputElement).readOnly);
  if (searchable && (await wanted.count()) === 0) await select.pressSequentially(option);
  try {
    await wanted.click();
  } catch (error) {
    // Say what the dropdown offered instead: a timeout alone does not tell why.
    const offered = await dropdown.locator('.ant-select-item-option').allInnerTexts();
    const shown = await dropdown.innerText().catch(() => '(gone)');
    throw new Error(
      `"${option}" not offered; options: ${JSON.stringify(offered)}; dropdown: ${JSON.stringify(shown.slice(0, 300))}`,
      { cause: error },
    );
  }
  await dropdown.waitFor({ state: 'hidden' });
}

/** The options the Select `select` offers, then closes it. */
export async function optionsOf(page: Page, select: Locator): Promise<string[]> {
  const dropdown = await openSelect(page, select);
  const options = dropdown.locator('.ant-select-item-option');
  // Options that are still loading come in one piece: the first one means all are there.
  await options.first().waitFor();
  const offered = await options.allInnerTexts();
  await select.press('Escape');
  await dropdown.waitFor({ state: 'hidden' });
  return offered.map((text) => text.trim());
}

/** Opens the antd Select named `name` inside `scope` and picks the option showing `option`. */
export async function pickOption(page: Page, scope: Locator, name: string, option: string) {
  await pickIn(page, scope.getByRole('combobox', { name, exact: true }), option);
}

/**
 * The elements matched by `targets` that a user cannot see without scrolling sideways: (partly)
 * right or left of the window or of an ancestor that clips or scrolls what overflows it. Each is
 * named by its accessible label or its text. Vertical position does not count (the page scrolls).
 */
export function cutSideways(targets: Locator) {
  return targets.evaluateAll((elements) =>
    elements
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0) return false;
        if (box.left < -1 || box.right > document.documentElement.clientWidth + 1) return true;
        for (let up = element.parentElement; up; up = up.parentElement) {
          if (getComputedStyle(up).overflowX === 'visible') continue;
          const clip = up.getBoundingClientRect();
          if (box.left < clip.left - 1 || box.right > clip.right + 1) return true;
        }
        return false;
      })
      .map(
        (element) =>
          element.getAttribute('aria-label') ?? (element as HTMLElement).innerText.trim(),
      ),
  );
}
