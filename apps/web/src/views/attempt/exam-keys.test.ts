import { describe, expect, it } from 'vitest';
import { keyAction } from './exam-keys';

const press = (key: string, modifiers: Partial<KeyboardEvent> = {}) =>
  keyAction({ key, altKey: false, ctrlKey: false, metaKey: false, ...modifiers });

describe('keyAction', () => {
  it('picks options by letter or digit', () => {
    expect(press('a')).toEqual({ kind: 'option', index: 0 });
    expect(press('C')).toEqual({ kind: 'option', index: 2 });
    expect(press('J')).toEqual({ kind: 'option', index: 9 });
    expect(press('1')).toEqual({ kind: 'option', index: 0 });
    expect(press('9')).toEqual({ kind: 'option', index: 8 });
  });
  it('flags with F (the sixth option is 6)', () => {
    expect(press('f')).toEqual({ kind: 'flag' });
    expect(press('F')).toEqual({ kind: 'flag' });
    expect(press('6')).toEqual({ kind: 'option', index: 5 });
  });
  it('moves with the arrows', () => {
    expect(press('ArrowLeft')).toEqual({ kind: 'move', by: -1 });
    expect(press('ArrowRight')).toEqual({ kind: 'move', by: 1 });
  });
  it('leaves other keys and shortcuts alone', () => {
    for (const key of ['K', '0', 'Enter', 'ArrowUp', 'Tab', 'End']) expect(press(key)).toBeNull();
    expect(press('c', { ctrlKey: true })).toBeNull();
    expect(press('a', { metaKey: true })).toBeNull();
  });
});
