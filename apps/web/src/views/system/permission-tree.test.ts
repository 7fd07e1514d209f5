import type { PermissionView } from '@kaoshi/shared';
import { describe, expect, it } from 'vitest';
import {
  expandableIds,
  flattenTree,
  grantedIds,
  parentCandidates,
  toggleChecked,
} from './permission-tree';

const entry = (
  id: number,
  parentId: number,
  type: 0 | 1,
  children?: PermissionView[],
): PermissionView => ({
  id,
  parentId,
  name: `P${id}`,
  key: `P${id}`,
  type,
  linkType: 0,
  path: '',
  icon: '',
  sort: 0,
  builtIn: false,
  children,
});

// 1 menu ─┬─ 2 menu ─── 3 button
//         └─ 4 menu
// 5 menu
const tree = [entry(1, 0, 0, [entry(2, 1, 0, [entry(3, 2, 1)]), entry(4, 1, 0)]), entry(5, 0, 0)];

describe('permission tree helpers', () => {
  it('flattens parents before children', () => {
    expect(flattenTree(tree).map((node) => node.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('lists the expandable entries', () => {
    expect(expandableIds(tree)).toEqual([1, 2]);
  });

  it('checking an entry checks what is below and above it', () => {
    expect(toggleChecked(tree, [], 2, true)).toEqual([1, 2, 3]);
    expect(toggleChecked(tree, [5], 4, true)).toEqual([1, 4, 5]);
  });

  it('unchecking an entry clears what is below it and keeps its parents', () => {
    expect(toggleChecked(tree, [1, 2, 3, 4], 2, false)).toEqual([1, 4]);
  });

  it('a menu can keep its grant without its button', () => {
    expect(toggleChecked(tree, [1, 2, 3], 3, false)).toEqual([1, 2]);
  });

  it('ignores an id the tree does not hold', () => {
    expect(toggleChecked(tree, [5], 99, true)).toEqual([5]);
  });

  it('grants the checked entries with their parents, in tree order, dropping stale ids', () => {
    expect(grantedIds(tree, [3, 5, 42])).toEqual([1, 2, 3, 5]);
  });

  it('offers only menus outside the entry itself as parents', () => {
    const ids = (nodes: PermissionView[]) => flattenTree(nodes).map((node) => node.id);
    expect(ids(parentCandidates(tree))).toEqual([1, 2, 4, 5]);
    expect(ids(parentCandidates(tree, 2))).toEqual([1, 4, 5]);
    expect(ids(parentCandidates(tree, 1))).toEqual([5]);
  });
});
