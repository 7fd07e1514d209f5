import en from '../src/i18n/locales/en';
import es from '../src/i18n/locales/es';
import ja from '../src/i18n/locales/ja';
import zh from '../src/i18n/locales/zh';

/** The app's four languages, each with the browser locale that picks it and its messages. */
export const LOCALES = { zh: 'zh-CN', en: 'en-US', es: 'es-ES', ja: 'ja-JP' } as const;
export const MESSAGES = { zh, en, es, ja } as const;
export type Language = keyof typeof LOCALES;

/** `text` with i18next's {{name}} (and {{name, format}}) replaced. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/{{\s*(\w+)[^}]*}}/g, (_, name: string) => String(values[name] ?? ''));

/** The four languages as [language, the browser locale that picks it, its messages], for it.each. */
export const LANGUAGES = [
  ['zh', LOCALES.zh, zh],
  ['en', LOCALES.en, en],
  ['es', LOCALES.es, es],
  ['ja', LOCALES.ja, ja],
] as const;
