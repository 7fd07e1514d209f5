import { describe, expect, it } from 'vitest';
import i18n, { loadWholeLanguage, setLanguage, showLanguage } from './index';

// Loading a language transforms its files on first use: done once here, outside the test's time
// limit (a busy machine took over 5 s).
await loadWholeLanguage(); // the pages past sign-in have every namespace
await showLanguage('es');
await showLanguage('en');

describe('field labels inside Spanish and English sentences', () => {
  it('are written in lower case, acronyms kept', async () => {
    await setLanguage('es');
    expect(i18n.t('common.required', { field: 'Nombre de usuario' })).toBe(
      'Introduzca nombre de usuario',
    );
    expect(i18n.t('base.rules.choose', { field: 'Convocatoria' })).toBe('Elija convocatoria');
    expect(i18n.t('base.rules.required', { field: 'DNI' })).toBe('Introduzca DNI');
    await setLanguage('en');
    expect(i18n.t('common.required', { field: 'Username' })).toBe('Please enter username');
    expect(i18n.t('common.required', { field: 'ID number' })).toBe('Please enter ID number');
  });
});
