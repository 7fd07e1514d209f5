import { describe, expect, it } from 'vitest';
import { detectLanguage } from './index';
import en from './locales/en';
import es from './locales/es';
import ja from './locales/ja';
import zh from './locales/zh';

type Tree = { readonly [key: string]: string | Tree };

const translations: Record<string, Tree> = { zh, es, ja };

/** Every leaf as [dotted key, value]; a non-object, non-string value is kept to be reported. */
function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]): [string, unknown][] =>
    value !== null && typeof value === 'object'
      ? leaves(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value]],
  );
}

/** Interpolation variable names, `{{ name, format }}` counted as `name`. */
function variables(text: string): string[] {
  const names = [...text.matchAll(/{{\s*([^},\s]+)[^}]*}}/g)].map((match) => match[1]!);
  return [...new Set(names)].sort();
}

function at(tree: Tree, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === 'object'
          ? (node as Record<string, unknown>)[key]
          : undefined,
      tree,
    );
}

describe.each(Object.keys(translations))('%s messages', (language) => {
  const messages = translations[language]!;

  it('have exactly the English namespaces', () => {
    expect(Object.keys(messages).sort(), language).toEqual(Object.keys(en).sort());
  });

  describe.each(Object.keys(en))('%s', (namespace) => {
    const reference = (en as Tree)[namespace] as Tree;
    const translated = (messages[namespace] ?? {}) as Tree;

    it('have exactly the English keys', () => {
      const keys = new Set(leaves(translated).map(([key]) => key));
      const expected = new Set(leaves(reference).map(([key]) => key));
      const missing = [...expected].filter((key) => !keys.has(key));
      const extra = [...keys].filter((key) => !expected.has(key));
      expect(
        { missing, extra },
        `${language} ${namespace}: keys missing or not in English`,
      ).toEqual({ missing: [], extra: [] });
    });

    for (const [key, english] of leaves(reference)) {
      it(`${key} is a non-empty string with the English variables`, () => {
        const where = `${language} ${namespace}.${key}`;
        const value = at(translated, key);
        expect(typeof value, `${where} is not a string`).toBe('string');
        expect((value as string).trim(), `${where} is empty`).not.toBe('');
        expect(variables(value as string), `${where} variables differ from English`).toEqual(
          variables(english as string),
        );
      });
    }
  });
});

describe('English messages', () => {
  it.each(leaves(en as Tree))('%s is a non-empty string', (key, value) => {
    expect(typeof value === 'string' && value.trim() !== '', `en ${key}`).toBe(true);
  });
});

describe('tab title fallback (spec §3)', () => {
  it.each(['en', ...Object.keys(translations)])("%s route.noName is 'no-name'", (language) => {
    const messages = language === 'en' ? (en as Tree) : translations[language]!;
    expect(at(messages, 'route.noName'), `${language} route.noName`).toBe('no-name');
  });
});

describe('detectLanguage (spec §2: saved choice, else browser language, else en)', () => {
  it.each([
    ['zh', ['en-US']],
    ['es', ['ja']],
    ['ja', []],
    ['en', ['zh-CN']],
  ] as const)('uses the saved choice %s', (saved, browser) => {
    expect(detectLanguage(saved, browser)).toBe(saved);
  });

  it.each([
    [['zh-CN'], 'zh'],
    [['zh-TW'], 'zh'],
    [['es-MX'], 'es'],
    [['es'], 'es'],
    [['ja'], 'ja'],
    [['ja-JP'], 'ja'],
    [['EN-gb'], 'en'],
    [['fr-FR', 'es-MX', 'ja'], 'es'],
  ] as const)('maps browser languages %j to %s', (browser, expected) => {
    expect(detectLanguage(null, browser)).toBe(expected);
  });

  it('ignores a saved value that is not a language', () => {
    expect(detectLanguage('fr', ['ja'])).toBe('ja');
    expect(detectLanguage('', ['es-MX'])).toBe('es');
  });

  it('falls back to English', () => {
    expect(detectLanguage(null, [])).toBe('en');
    expect(detectLanguage(null, ['fr-FR', 'de'])).toBe('en');
    expect(detectLanguage('xx', ['pt-BR'])).toBe('en');
  });
});

describe('Japanese wording', () => {
  it('says 受験 (sitting an exam) throughout, never 受検', () => {
    const mixed = leaves(ja as Tree).filter(([, value]) => String(value).includes('受検'));
    expect(mixed).toEqual([]);
  });
});

describe.each(Object.entries({ zh, en, es, ja }))('%s: difficulty and facility', (_language, m) => {
  it("names the facility (mean score ÷ full marks) apart from a question's difficulty stars", () => {
    const stars = m.question.fields.difficulty;
    for (const text of [
      m.itemAnalysis.items.facility,
      m.itemAnalysis.chart.title,
      m.itemAnalysis.chart.label,
      m.itemAnalysis.flags.tooEasy,
      m.itemAnalysis.flags.tooHard,
      m.question.figures.facility,
      m.question.figures.help_other,
    ]) {
      expect(text).not.toContain(stars);
    }
  });
});
