import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, collectConsoleErrors, launchBrowser, screenshot } from './browser';

describe('the built product served by one process', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('serves the sign-in page under its own CSP, with the fixed product title', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${baseURL}/`);
    await page.waitForURL(`${baseURL}/login?redirect=%2F`);
    await page.locator('.login-card').waitFor();
    expect(await page.title()).toBe('Kaoshi 职业技能等级认定在线考试平台');
    await screenshot(page, 'smoke-login-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'smoke-login-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a deep link with the app (history fallback), which asks to sign in first', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const response = await page.goto(`${baseURL}/system/userManage?page=2`);
    expect(response?.status()).toBe(200);
    await page.waitForURL(
      `${baseURL}/login?redirect=${encodeURIComponent('/system/userManage?page=2')}`,
    );
    await page.close();
  });

  it('shows the OpenAPI documentation without CSP errors', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = collectConsoleErrors(page);
    await page.goto(`${baseURL}/api/docs`);
    await page.waitForSelector('text=Kaoshi API', { timeout: 20_000 });
    await page.getByText('/api/kaoshi-user/user/listUser').first().waitFor();
    await screenshot(page, 'smoke-api-docs');
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await page.close();
  });
});
