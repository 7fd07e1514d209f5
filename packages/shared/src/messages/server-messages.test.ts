import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as sharedExports from '../index.js';
import {
  AUDIT_STATUS_NAMES,
  CERT_LEVEL_NAMES,
  ENTITY_NAMES,
  FIELD_LABELS,
  MESSAGE_LANGUAGES,
  PAPER_AUDIT_NAMES,
  SCOPED_FIELD_LABELS,
  SERVER_MESSAGES,
  UPLOAD_KIND_NAMES,
  languageOf,
  placeholdersOf,
  renderMessage,
  withFieldLabel,
  type Localized,
} from './server-messages.js';

const catalogues: Record<string, Record<string, Localized>> = {
  SERVER_MESSAGES,
  ENTITY_NAMES,
  FIELD_LABELS,
  AUDIT_STATUS_NAMES,
  UPLOAD_KIND_NAMES,
  PAPER_AUDIT_NAMES,
  CERT_LEVEL_NAMES,
  ...Object.fromEntries(
    SCOPED_FIELD_LABELS.map((scope) => [`SCOPED_FIELD_LABELS ${scope.prefix}`, scope.labels]),
  ),
};

describe('the server message catalogue', () => {
  for (const [name, catalogue] of Object.entries(catalogues)) {
    it(`${name}: every entry has a non-empty text in every language, with the same placeholders`, () => {
      for (const [key, texts] of Object.entries(catalogue)) {
        expect(Object.keys(texts).sort(), key).toEqual([...MESSAGE_LANGUAGES].sort());
        const english = placeholdersOf(texts.en);
        for (const language of MESSAGE_LANGUAGES) {
          expect(texts[language].trim(), `${key}.${language}`).not.toBe('');
          expect(placeholdersOf(texts[language]), `${key}.${language}`).toEqual(english);
        }
      }
    });
  }

  it('fills placeholders, worded ones in the language', () => {
    const params = { entity: ENTITY_NAMES.subject, id: 7 };
    expect(renderMessage('notFound', params, 'en')).toBe('Job type 7 not found');
    expect(renderMessage('notFound', params, 'zh')).toBe('申报工种 7 不存在');
    expect(withFieldLabel('name', 'x', 'zh')).toBe('名称：x');
    expect(withFieldLabel('nope.2.zz', 'x', 'es')).toBe('nope.2.zz: x');
  });
});

describe('languageOf', () => {
  it('takes the first language we speak, by quality, else en', () => {
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(languageOf('fr-FR, ja;q=0.5, es;q=0.7')).toBe('es');
    expect(languageOf('de, fr')).toBe('en');
    expect(languageOf('ja;q=0, zh;q=0.1')).toBe('zh');
  });
});

describe('field labels', () => {
  it('name every field of every shared schema, so no refusal shows a bare API name', () => {
    const shared: Record<string, unknown> = sharedExports;
    const names = new Set<string>();
    const seen = new Set<unknown>();
    const walk = (schema: z.core.$ZodType) => {
      if (seen.has(schema)) return;
      seen.add(schema);
      const def = schema._zod.def as unknown as Record<string, unknown>;
      if (def.type === 'object') {
        for (const [name, field] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) {
          names.add(name);
          walk(field);
        }
      }
      for (const value of Object.values(def)) {
        const children = Array.isArray(value) ? value : [value];
        for (const child of children) if (child instanceof z.core.$ZodType) walk(child);
      }
    };
    for (const value of Object.values(shared)) if (value instanceof z.core.$ZodType) walk(value);
    expect(names.size).toBeGreaterThan(20);
    const missing = [...names].filter((name) => !Object.hasOwn(FIELD_LABELS, name)).sort();
    expect(missing).toEqual([]);
  });

  it('word a field several calls share by the call: mode is an import’s, a paper’s or a marking plan’s', () => {
    expect(withFieldLabel('mode', 'x', 'zh')).toBe('导入方式：x');
    expect(withFieldLabel('mode', 'x', 'zh', '/api/kaoshi-marking/marking/setMarkingPlan')).toBe(
      '阅卷方式：x',
    );
    expect(withFieldLabel('mode', 'x', 'en', '/api/kaoshi-marking/marking/setMarkingPlan')).toBe(
      'Marking mode: x',
    );
    expect(withFieldLabel('mode', 'x', 'zh', '/api/kaoshi-paper/paper/addPaper')).toBe(
      '组卷方式：x',
    );
    // Other fields of those calls keep their one label.
    expect(withFieldLabel('step', 'x', 'ja', '/api/kaoshi-marking/marking/setMarkingPlan')).toBe(
      '採点刻み：x',
    );
  });
});

describe('Japanese wording', () => {
  it('says 受験 (sitting an exam) throughout, never 受検', () => {
    const mixed = Object.entries(SERVER_MESSAGES)
      .filter(([, texts]) => texts.ja.includes('受検'))
      .map(([key]) => key);
    expect(mixed).toEqual([]);
  });
});
