import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../codes.js';

const INT_MAX = 2_147_483_647;

/** Form and query values arrive as strings; an empty one means "not given". */
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A row id: a positive integer, or its plain decimal digits from a path, query or form. */
export const dbId = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
  z.number().int().positive().max(INT_MAX),
);

export const idParams = z.object({ id: dbId });

/** Optional trimmed text filter, at most `max` characters. */
export const optionalText = (max: number) =>
  z.preprocess(emptyToUndefined, z.string().trim().max(max).optional());

export const optionalInt = (schema: z.ZodNumber) =>
  z.preprocess(emptyToUndefined, z.coerce.number().pipe(schema).optional());

export const pageQuery = z.object({
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(INT_MAX).default(1)),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  ),
});

/** "1,2,3" (form field) or [1, 2, 3] (JSON) → unique positive ids; "" → none. */
export const idList = (max: number) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== '')
        : value,
    z
      .array(dbId)
      .max(max)
      .transform((ids) => [...new Set(ids)]),
  );

/** "A,B" (form field) or ["A", "B"] (JSON) → unique non-empty strings. */
export const keyList = (item: z.ZodString, max: number) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== '')
        : value,
    z
      .array(item)
      .max(max)
      .transform((keys) => [...new Set(keys)]),
  );

export const flag = z.union([z.literal(0), z.literal(1)]);
/** 0/1 that may arrive as a string from a form or query. */
export const flagInput = z.coerce.number().pipe(flag);
