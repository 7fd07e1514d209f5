import { AUDIT_STATUS_LABELS, AUDIT_STATUS_NAMES } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import en from './locales/en';
import es from './locales/es';
import ja from './locales/ja';
import zh from './locales/zh';

// docs/spec.md §4: audit status 0 is "not started" (a review not begun), not "not reviewed".
describe('audit status 0', () => {
  it('reads "review not started" in every language, on screens and in server messages', () => {
    expect(AUDIT_STATUS_LABELS[0]).toBe('auditStatus.notStarted');
    const labels = { zh, en, es, ja };
    expect(
      Object.fromEntries(
        Object.entries(labels).map(([language, m]) => [language, m.codes.auditStatus.notStarted]),
      ),
    ).toEqual({
      zh: '未开始审核',
      en: 'Review not started',
      es: 'Revisión no iniciada',
      ja: '審査未開始',
    });
    expect(AUDIT_STATUS_NAMES[0]).toEqual({
      zh: '未开始审核',
      en: 'not started',
      es: 'no iniciado',
      ja: '審査未開始',
    });
  });
});
