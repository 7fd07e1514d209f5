import { ApiStatus } from '@kaoshi/shared';
import type { FormInstance } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/request';
import { toastError } from './feedback';
import { blamedField, reportSaveError, withoutFieldLabel } from './server-error';

vi.mock('./feedback', () => ({ toastError: vi.fn() }));

const FIELDS = ['name', 'code', 'options'] as const;

function fakeForm() {
  const setFields = vi.fn();
  const scrollToField = vi.fn();
  return {
    form: { setFields, scrollToField } as unknown as FormInstance,
    setFields,
    scrollToField,
  };
}

describe('blamedField', () => {
  it('reads the field the envelope names, by its path or its first part', () => {
    expect(blamedField(new ApiError(ApiStatus.CONFLICT, 'x', 'code'), FIELDS)).toBe('code');
    expect(
      blamedField(new ApiError(ApiStatus.INVALID_INPUT, 'x', 'options.2.content'), FIELDS),
    ).toBe('options');
  });

  it('ignores fields the form lacks, refusals naming none, and other errors', () => {
    expect(blamedField(new ApiError(ApiStatus.INVALID_INPUT, 'x', 'userIds'), FIELDS)).toBe(
      undefined,
    );
    expect(blamedField(new ApiError(ApiStatus.CONFLICT, 'code: taken'), FIELDS)).toBe(undefined);
    expect(blamedField(new Error('code: taken'), FIELDS)).toBe(undefined);
  });
});

describe('withoutFieldLabel', () => {
  it('drops the label the server leads with, in any language', () => {
    expect(withoutFieldLabel('用户名：用户名“admin”已被占用')).toBe('用户名“admin”已被占用');
    expect(withoutFieldLabel('Name: the username "admin" is taken')).toBe(
      'the username "admin" is taken',
    );
  });
});

describe('reportSaveError', () => {
  beforeEach(() => vi.mocked(toastError).mockClear());

  it("puts a refused field's message on the field, with no toast on top", () => {
    const { form, setFields, scrollToField } = fakeForm();
    const error = new ApiError(ApiStatus.CONFLICT, '名称：用户名“admin”已被占用', 'name');
    reportSaveError(error, form, FIELDS);
    expect(setFields).toHaveBeenCalledWith([{ name: 'name', errors: ['用户名“admin”已被占用'] }]);
    expect(scrollToField).toHaveBeenCalledWith('name');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('toasts a refusal of no field the form has', () => {
    const { form, setFields } = fakeForm();
    reportSaveError(new ApiError(ApiStatus.CONFLICT, '不能删除自己的账号'), form, FIELDS);
    expect(setFields).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith('不能删除自己的账号', expect.any(Number));
  });

  it('stays silent for a call that got no answer (the request layer reported it)', () => {
    const { form, setFields } = fakeForm();
    reportSaveError(new Error('Network Error'), form, FIELDS);
    expect(setFields).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });
});
