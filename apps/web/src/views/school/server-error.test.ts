import { describe, expect, it } from 'vitest';
import { blamedField, withoutField } from './server-error';

const FIELDS = ['code', 'level', 'registrationEnd', 'capacity'] as const;

describe('blamedField', () => {
  it('reads the field a server message starts with', () => {
    expect(blamedField('code: an exam project with code P1 exists', FIELDS)).toBe('code');
    expect(blamedField("body.level: job type 'x' offers only level 5, 4", FIELDS)).toBe('level');
    expect(blamedField('body.registrationEnd: must not be before registrationStart', FIELDS)).toBe(
      'registrationEnd',
    );
  });

  it('ignores fields the form does not have, and messages naming none', () => {
    expect(blamedField('body.userIds: user 3 is not a teacher', FIELDS)).toBeUndefined();
    expect(
      blamedField("Exam project 'A' still has 2 job-type categories; delete them", FIELDS),
    ).toBeUndefined();
    expect(blamedField('Registration batch 4 not found', FIELDS)).toBeUndefined();
  });
});

describe('withoutField', () => {
  it('drops the field prefix', () => {
    expect(withoutField('body.level: offers only level 5')).toBe('offers only level 5');
    expect(withoutField('code: taken')).toBe('taken');
    expect(withoutField('No prefix here')).toBe('No prefix here');
  });
});
