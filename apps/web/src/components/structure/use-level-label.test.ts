import { CERT_LEVELS } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en';
import { levelKey } from './use-level-label';

describe('levelKey', () => {
  it('names every certification level with a key the messages have', () => {
    for (const level of CERT_LEVELS) expect(en.school.levels[levelKey(level)]).toBeTruthy();
    expect(CERT_LEVELS.map(levelKey)).toEqual([
      'junior',
      'intermediate',
      'senior',
      'technician',
      'seniorTechnician',
    ]);
  });
});
