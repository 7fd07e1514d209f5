import { beforeEach, describe, expect, it, vi } from 'vitest';

const saved = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => saved.get(key) ?? null,
  setItem: (key: string, value: string) => saved.set(key, value),
});
vi.stubGlobal('navigator', { languages: ['es-ES', 'en'] });

const { LANGUAGE_STORAGE_KEY, detectLanguage, i18nReady, setLanguage } = await import('./index');

describe('only the user’s own language choice is stored (spec §2)', () => {
  beforeEach(() => saved.clear());

  it('first load shows the detected language without storing it', async () => {
    await i18nReady();
    expect(saved.has(LANGUAGE_STORAGE_KEY)).toBe(false);
    // The browser's language changes later: it still counts.
    expect(detectLanguage(saved.get(LANGUAGE_STORAGE_KEY) ?? null, ['ja'])).toBe('ja');
  });

  it('a choice is stored and wins over the browser', async () => {
    await setLanguage('zh');
    expect(saved.get(LANGUAGE_STORAGE_KEY)).toBe('zh');
    expect(detectLanguage(saved.get(LANGUAGE_STORAGE_KEY) ?? null, ['ja'])).toBe('zh');
  });
});
