import { PermissionType, type PermissionView } from '@kaoshi/shared';

/** Every entry of the tree, parents before their children. */
export function flattenTree(nodes: readonly PermissionView[]): PermissionView[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children ?? [])]);
}

export function findEntry(nodes: readonly PermissionView[], id: number) {
  return flattenTree(nodes).find((node) => node.id === id);
}

/** Ids of the entries that have children: the rows a tree table can expand. */
export function expandableIds(nodes: readonly PermissionView[]): number[] {
  return flattenTree(nodes)
    .filter((node) => (node.children?.length ?? 0) > 0)
    .map((node) => node.id);
}

/** Ids from the top down to the entry's parent; undefined when the tree does not hold the entry. */
function ancestorsOf(nodes: readonly PermissionView[], id: number): number[] | undefined {
  for (const node of nodes) {
    if (node.id === id) return [];
    const below = ancestorsOf(node.children ?? [], id);
    if (below) return [node.id, ...below];
  }
  return undefined;
}

/** Keeps the ids in tree order and drops ids the tree does not hold. */
function inTreeOrder(nodes: readonly PermissionView[], ids: ReadonlySet<number>): number[] {
  return flattenTree(nodes)
    .map((node) => node.id)
    .filter((id) => ids.has(id));
}

/**
 * Each checkbox grants one permission, so a menu can be granted without its buttons (the seeded
 * TEACHER role holds STUDENT but not STUDENT-IMPORT), which antd's linked checkboxes cannot show.
 * Checking an entry checks what is below it and above it (a menu only shows inside its granted
 * parents, docs/spec.md §6); unchecking clears it and what is below it.
 */
export function toggleChecked(
  nodes: readonly PermissionView[],
  checked: readonly number[],
  id: number,
  on: boolean,
): number[] {
  const entry = findEntry(nodes, id);
  if (!entry) return [...checked];
  const next = new Set(checked);
  const subtree = flattenTree([entry]).map((node) => node.id);
  if (on) [...subtree, ...(ancestorsOf(nodes, id) ?? [])].forEach((each) => next.add(each));
  else subtree.forEach((each) => next.delete(each));
  return inTreeOrder(nodes, next);
}

/**
 * What a role is granted when saving: the checked entries and every entry above them (antd's
 * checked plus half-checked keys), limited to entries that still exist.
 */
export function grantedIds(nodes: readonly PermissionView[], checked: readonly number[]): number[] {
  const granted = new Set<number>();
  for (const id of checked) {
    const ancestors = ancestorsOf(nodes, id);
    if (!ancestors) continue;
    [id, ...ancestors].forEach((each) => granted.add(each));
  }
  return inTreeOrder(nodes, granted);
}

/**
 * The entries that may hold `selfId` as a child: menus only (a button cannot have children), and
 * never the entry itself or one below it.
 */
export function parentCandidates(
  nodes: readonly PermissionView[],
  selfId?: number,
): PermissionView[] {
  return nodes
    .filter((node) => node.type !== PermissionType.BUTTON && node.id !== selfId)
    .map((node) => {
      const children = parentCandidates(node.children ?? [], selfId);
      return { ...node, children: children.length > 0 ? children : undefined };
    });
}
