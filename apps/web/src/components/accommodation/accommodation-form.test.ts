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
      breakKind: 'inherit',
      breakCount: null,
      breakMinutes: null,
      note: '',
    });
    expect(formValuesOf(null, 'batch')).toMatchObject({
      extraKind: 'none',
      breakKind: 'none',
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
      breakKind: 'breaks' as const,
      breakCount: 2,
      breakMinutes: 10,
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
      // Rest breaks: both numbers together.
      breakCount: 2,
      breakMinutes: 10,
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
      breakKind: 'none' as const,
      note: '',
    };
    expect(bodyOf(none, 'student')).toEqual({
      extraMinutes: 0,
      timeMultiplier: null,
      largeFont: false,
      screenReader: false,
      note: '',
      // A student's "no breaks" overrides the batch's: 0 breaks, no length.
      breakCount: 0,
      breakMinutes: null,
    });
    expect(bodyOf(none, 'batch')).toEqual({
      extraMinutes: null,
      timeMultiplier: null,
      largeFont: null,
      screenReader: null,
      note: '',
      // A batch's "none" is simply not set.
      breakCount: null,
      breakMinutes: null,
    });
    expect(formValuesOf(bodyOf(none, 'student'), 'student')).toMatchObject(none);
  });
});
