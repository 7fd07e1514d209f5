import { describe, expect, it } from 'vitest';
import { bodyOf, formValuesOf } from './accommodation-form';

describe('the accommodation form', () => {
  it('shows a student with nothing of their own as "as the batch"', () => {
    expect(formValuesOf(null, 'student')).toEqual({
      extraKind: 'inherit',
      extraMinutes: null,
      timeMultiplier: null,
      largeFont: 'inherit',
      screenReader: 'inherit',
      note: '',
    });
    expect(formValuesOf(null, 'batch')).toMatchObject({
      extraKind: 'none',
      largeFont: 'no',
      screenReader: 'no',
    });
  });

  it('saves what it shows, and reads back what it saved', () => {
    const values = {
      extraKind: 'multiplier' as const,
      extraMinutes: 15,
      timeMultiplier: 1.5,
      largeFont: 'yes' as const,
      screenReader: 'inherit' as const,
      note: ' low vision ',
    };
    const body = bodyOf(values, 'student');
    // Only the chosen kind of extra time is sent: never minutes and a multiplier together.
    expect(body).toEqual({
      extraMinutes: null,
      timeMultiplier: 1.5,
      largeFont: true,
      screenReader: null,
      note: 'low vision',
      // The form has no rest breaks yet: it sends none.
      breakCount: null,
      breakMinutes: null,
    });
    expect(formValuesOf({ ...body }, 'student')).toEqual({
      ...values,
      extraMinutes: null,
      note: 'low vision',
    });
  });

  it("a student's 'none' and 'no' override the batch; a batch's are simply not set", () => {
    const none = {
      extraKind: 'none' as const,
      largeFont: 'no' as const,
      screenReader: 'no' as const,
      note: '',
    };
    expect(bodyOf(none, 'student')).toEqual({
      extraMinutes: 0,
      timeMultiplier: null,
      largeFont: false,
      screenReader: false,
      note: '',
      // The form has no rest breaks yet: it sends none.
      breakCount: null,
      breakMinutes: null,
    });
    expect(bodyOf(none, 'batch')).toEqual({
      extraMinutes: null,
      timeMultiplier: null,
      largeFont: null,
      screenReader: null,
      note: '',
      // The form has no rest breaks yet: it sends none.
      breakCount: null,
      breakMinutes: null,
    });
    expect(formValuesOf(bodyOf(none, 'student'), 'student')).toMatchObject(none);
  });
});
