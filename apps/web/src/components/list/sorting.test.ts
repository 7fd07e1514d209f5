import { describe, expect, it } from 'vitest';
import { applySorter, columnSortOrder } from './sorting';

const FIELDS = ['sort', 'name', 'createdAt'] as const;
type Field = (typeof FIELDS)[number];
const BY_SORT = { orderBy: 'sort', order: 'asc' } as const;

describe('columnSortOrder', () => {
  it("shows the server's default ordering when the query has none", () => {
    expect(columnSortOrder<Field>({}, 'sort', BY_SORT)).toBe('ascend');
    expect(columnSortOrder<Field>({}, 'name', BY_SORT)).toBeNull();
    expect(columnSortOrder<Field>({}, 'createdAt', { orderBy: 'createdAt', order: 'desc' })).toBe(
      'descend',
    );
  });

  it("shows the query's ordering; a field without a direction is ascending", () => {
    expect(columnSortOrder<Field>({ orderBy: 'name', order: 'desc' }, 'name', BY_SORT)).toBe(
      'descend',
    );
    expect(columnSortOrder<Field>({ orderBy: 'name' }, 'name', BY_SORT)).toBe('ascend');
    expect(columnSortOrder<Field>({ orderBy: 'name' }, 'sort', BY_SORT)).toBeNull();
  });
});

describe('applySorter', () => {
  const current = { page: 3, limit: 20, keyword: 'x' };

  it('orders by the clicked column from page 1, keeping the filters', () => {
    expect(applySorter(current, { columnKey: 'name', order: 'descend' }, FIELDS)).toEqual({
      page: 1,
      limit: 20,
      keyword: 'x',
      orderBy: 'name',
      order: 'desc',
    });
    expect(
      applySorter(current, [{ columnKey: 'createdAt', order: 'ascend' }], FIELDS),
    ).toMatchObject({ orderBy: 'createdAt', order: 'asc' });
  });

  it('goes back to the default ordering when the sorter is cleared', () => {
    expect(
      applySorter({ ...current, orderBy: 'name', order: 'asc' }, { columnKey: 'name' }, FIELDS),
    ).toEqual({ page: 1, limit: 20, keyword: 'x' });
  });

  it('ignores a column that is not an order field', () => {
    expect(applySorter(current, { columnKey: 'status', order: 'ascend' }, FIELDS)).toBe(current);
  });
});
