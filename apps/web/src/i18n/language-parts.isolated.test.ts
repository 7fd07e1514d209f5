import { describe, expect, it } from 'vitest';
import en from './locales/en';
import enFirst from './locales/en/first';
import i18n, { loadWholeLanguage, showLanguage } from './index';

// Loading a language transforms its files on first use: done here, outside the test's time
// limit (lower-first.test.ts); the modules only, nothing is added to i18next.
await Promise.all([import('./locales/es/first'), import('./locales/es'), import('./locales/ja')]);

/** A namespace only the pages past sign-in show. */
const laterNamespace = Object.keys(en).find((name) => !(name in enFirst))!;
const laterKey = `${laterNamespace}.${Object.keys(en[laterNamespace as keyof typeof en])[0]}`;

describe("a language's parts", () => {
  it('the sign-in page loads the first part only; the pages past it the whole language', async () => {
    await showLanguage('es');
    expect(i18n.exists('login.submit', { lng: 'es' })).toBe(true);
    expect(i18n.exists('common.productTitle', { lng: 'es' })).toBe(true);
    expect(i18n.exists(laterKey, { lng: 'es' })).toBe(false);

    await loadWholeLanguage();
    expect(i18n.exists(laterKey, { lng: 'es' })).toBe(true);

    // A change of language past sign-in loads the new one whole.
    await showLanguage('ja');
    expect(i18n.exists(laterKey, { lng: 'ja' })).toBe(true);
  });
});
