import { beforeEach, describe, expect, it, vi } from 'vitest';

const saved = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => saved.get(key) ?? null,
  setItem: (key: string, value: string) => saved.set(key, value),
});
vi.stubGlobal('navigator', { languages: ['es-ES', 'en'] });

const { LANGUAGE_STORAGE_KEY, detectLanguage, i18nReady, setLanguage, showLanguage } =
  await import('./index');
// The first load (detection, then the language's files) runs here, outside the test's time limit
// (a busy machine took over 5 s); what it stored is kept for the test.
await i18nReady();
const storedByFirstLoad = saved.has(LANGUAGE_STORAGE_KEY);
await showLanguage('zh'); // loaded now too, for the choice below; showing stores nothing

describe('only the user’s own language choice is stored (spec §2)', () => {
  beforeEach(() => saved.clear());

  it('first load shows the detected language without storing it', async () => {
    expect(storedByFirstLoad).toBe(false);
    // The browser's language changes later: it still counts.
    expect(detectLanguage(saved.get(LANGUAGE_STORAGE_KEY) ?? null, ['ja'])).toBe('ja');
  });

  it('a choice is stored and wins over the browser', async () => {
    await setLanguage('zh');
    expect(saved.get(LANGUAGE_STORAGE_KEY)).toBe('zh');
    expect(detectLanguage(saved.get(LANGUAGE_STORAGE_KEY) ?? null, ['ja'])).toBe('zh');
  });
});
