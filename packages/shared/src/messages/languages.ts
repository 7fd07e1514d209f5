/** The languages the server words its messages in (the web's languages). */
export const MESSAGE_LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/**
 * The one shape of the server's catalogue: an entry's words in each language. A message is a
 * string per language (Localized); an export's words (file and sheet names, columns) are a
 * record per language.
 */
export type InLanguages<T> = Readonly<Record<MessageLanguage, T>>;
export type Localized = InLanguages<string>;

/** The one lookup of the catalogue: an entry's words in a language. */
export const wordsIn = <T>(words: InLanguages<T>, language: MessageLanguage): T => words[language];

/** Names listed in a sentence: "开考时间、时长" in zh and ja, "Opens at, Duration" otherwise. */
export const listIn = (names: readonly string[], language: MessageLanguage): string =>
  names.join(language === 'zh' || language === 'ja' ? '、' : ', ');

/** `word` in every language, as a message parameter. */
export const inEveryLanguage = (word: (language: MessageLanguage) => string): Localized =>
  Object.fromEntries(MESSAGE_LANGUAGES.map((language) => [language, word(language)])) as Localized;
