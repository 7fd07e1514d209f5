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
 * Each language is its own pair of chunks, fetched when first used: the sign-in page loads the
 * few namespaces it shows (`first.ts`) of one language, not the whole of four; the pages past it
 * load the whole language first (loadWholeLanguage). Every language has every key
 * (messages.test.ts), so none falls back to another.
 */
type Part = 'first' | 'whole';
const MESSAGES: Record<Language, Record<Part, () => Promise<{ default: Partial<Messages> }>>> = {
  en: { first: () => import('./locales/en/first'), whole: () => import('./locales/en') },
  zh: { first: () => import('./locales/zh/first'), whole: () => import('./locales/zh') },
  es: { first: () => import('./locales/es/first'), whole: () => import('./locales/es') },
  ja: { first: () => import('./locales/ja/first'), whole: () => import('./locales/ja') },
};
/** dayjs's name of each language, with its loader (English is built in). */
const DAYJS_LOCALES: Record<Language, [string, () => Promise<unknown>]> = {
  en: ['en', async () => undefined],
  zh: ['zh-cn', () => import('dayjs/locale/zh-cn')],
  es: ['es', () => import('dayjs/locale/es')],
  ja: ['ja', () => import('dayjs/locale/ja')],
};
const dayjsLocales: Partial<Record<Language, string>> = {};
const loadedParts: Record<Language, Set<Part>> = {
  zh: new Set(),
  en: new Set(),
  es: new Set(),
  ja: new Set(),
};
/** Set once a page past sign-in is opened: from then on every language is loaded whole. */
let wholeLanguages = false;

async function loadLanguage(language: Language) {
  const part: Part = wholeLanguages ? 'whole' : 'first';
  const loaded = loadedParts[language];
  if (loaded.has('whole') || loaded.has(part)) return;
  const [dayjsName, loadDayjsLocale] = DAYJS_LOCALES[language];
  const [messages] = await Promise.all([MESSAGES[language][part](), loadDayjsLocale()]);
  i18n.addResourceBundle(language, 'translation', messages.default, true, true);
  dayjsLocales[language] = dayjsName;
  loaded.add(part);
}

/**
 * Loads the whole of the shown language; every page but sign-in waits for it (the router's lazy
 * pages), and later language changes load whole languages.
 */
export async function loadWholeLanguage() {
  wholeLanguages = true;
  await loadLanguage(currentLanguage());
}

/** A lazy page's loader that also waits for the whole language, for React's lazy(). */
export const withWholeLanguage =
  <Module>(load: () => Promise<Module>) =>
  async (): Promise<Module> => {
    const [module] = await Promise.all([load(), loadWholeLanguage()]);
    return module;
  };

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
  // The whole language may have been asked for while its first part was loading.
  if (wholeLanguages) await loadLanguage(language);
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
