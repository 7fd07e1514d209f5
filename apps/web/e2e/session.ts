import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { ApiClient } from './api';
import { launchBrowser } from './browser';

/**
 * For a describe block: the served app's address, a browser and the administrator's API session,
 * ready before its tests (hooks registered later run after this one) and the browser closed after
 * them, and a `tag` of this run to end the names of the data it makes (runs never collide). Read
 * `browser` and `admin` inside tests and hooks only: they are set by beforeAll.
 */
export function adminSession(browserArgs: readonly string[] = []) {
  const session = {
    baseURL: inject('baseURL'),
    tag: Date.now().toString(36).toUpperCase(),
  } as {
    baseURL: string;
    tag: string;
    browser: Browser;
    admin: ApiClient;
  };
  beforeAll(async () => {
    session.browser = await launchBrowser(browserArgs);
    session.admin = await ApiClient.signIn(session.baseURL);
  });
  afterAll(() => session.browser?.close());
  return session;
}
