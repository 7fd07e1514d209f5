import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language, type Messages } from './types';

export const LANGUAGE_STORAGE_KEY = 'language';

export const LANGUAGE_NAMES: Record<Language, string> = {
  zh: '中文',
  en: 'English',
  es: 'Español',
  ja: '日本語',
};

/**
 * Each language is its own chunk, fetched when first used: the sign-in page loads one language,
 * not four. Every language has every key (messages.test.ts), so none falls back to another.
 */
const LOADERS: Record<Language, () => Promise<{ messages: Messages; dayjsLocale: string }>> = {
  en: async () => ({ messages: (await import('./locales/en')).default, dayjsLocale: 'en' }),
  zh: async () => {
    await import('dayjs/locale/zh-cn');
    return { messages: (await import('./locales/zh')).default, dayjsLocale: 'zh-cn' };
  },
  es: async () => {
    await import('dayjs/locale/es');
    return { messages: (await import('./locales/es')).default, dayjsLocale: 'es' };
  },
  ja: async () => {
    await import('dayjs/locale/ja');
    return { messages: (await import('./locales/ja')).default, dayjsLocale: 'ja' };
  },
};
const dayjsLocales: Partial<Record<Language, string>> = {};

async function loadLanguage(language: Language) {
  if (dayjsLocales[language]) return;
  const { messages, dayjsLocale } = await LOADERS[language]();
  i18n.addResourceBundle(language, 'translation', messages, true, true);
  dayjsLocales[language] = dayjsLocale;
}

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** docs/spec.md §2: a saved choice, else the browser's language, else English. */
export function detectLanguage(
  saved: string | null = safeStorage()?.getItem(LANGUAGE_STORAGE_KEY) ?? null,
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  if (isLanguage(saved)) return saved;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The user's own choice: remembered, then shown. Only a choice is stored; a detected language is
 * not, so a later change of the browser's language still counts (docs/spec.md §2).
 */
export async function setLanguage(language: Language) {
  safeStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  await showLanguage(language);
}

/** Loads the language if needed, then switches to it, remembering nothing. */
export async function showLanguage(language: Language) {
  await loadLanguage(language);
  dayjs.locale(dayjsLocales[language]);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : language;
  }
  await i18n.changeLanguage(language);
}

void i18n.use(initReactI18next).init({
  resources: {},
  lng: detectLanguage(),
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * `{{field, lowerFirst}}`: a field's label inside a sentence, where Spanish writes it in lower
 * case ("Introduzca nombre de usuario"). An acronym keeps its case ("DNI", "URL").
 */
i18n.services.formatter?.add('lowerFirst', (value: unknown, language) =>
  typeof value === 'string' && !/^\p{Lu}{2}/u.test(value)
    ? value.charAt(0).toLocaleLowerCase(language) + value.slice(1)
    : String(value),
);

/** Resolves once the detected language is loaded: render after it. */
export const i18nReady = () => showLanguage(detectLanguage());

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'en');

export default i18n;
