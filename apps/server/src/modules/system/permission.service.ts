import {
  BUILT_IN_PERMISSION_KEYS,
  PermissionType,
  type AddPermissionBody,
  type PermissionView,
  type UpdatePermissionBody,
} from '@kaoshi/shared';
import { inTransaction, nowIso, type Db } from '../../db/database.js';
import type { PermissionRow } from '../../db/types.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { PermissionRepository, type PermissionValues } from './permission.repository.js';

const BUILT_IN = new Set(BUILT_IN_PERMISSION_KEYS);

const toView = (row: PermissionRow): PermissionView => ({
  id: row.id,
  parentId: row.parent_id ?? 0,
  name: row.name,
  key: row.key,
  type: row.type,
  linkType: row.link_type,
  path: row.path,
  icon: row.icon,
  sort: row.sort,
  builtIn: BUILT_IN.has(row.key),
});

/** Rows (sorted) → nested tree; a row whose parent is missing stays at the top. */
export function buildTree(rows: PermissionRow[]): PermissionView[] {
  const views = new Map(rows.map((row) => [row.id, toView(row)]));
  const roots: PermissionView[] = [];
  for (const view of views.values()) {
    const parent = view.parentId ? views.get(view.parentId) : undefined;
    if (parent) (parent.children ??= []).push(view);
    else roots.push(view);
  }
  return roots;
}

export class PermissionService {
  constructor(private readonly db: Db) {}

  async tree(): Promise<PermissionView[]> {
    return buildTree(await new PermissionRepository(this.db).listAll());
  }

  async add(body: AddPermissionBody): Promise<{ id: number }> {
    return inTransaction(this.db, async (trx) => {
      const permissions = new PermissionRepository(trx);
      await this.checkParent(permissions, body.parentId, undefined);
      if (await permissions.findByKey(body.key))
        throw conflict('permissionKeyTaken', { key: body.key }, 'key');
      return { id: await permissions.insert(this.values(body), nowIso()) };
    });
  }

  async update(body: UpdatePermissionBody): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const permissions = new PermissionRepository(trx);
      const current = await permissions.findById(body.id);
      if (!current) throw notFound('permission', body.id);
      if (current.key !== body.key) {
        if (BUILT_IN.has(current.key)) {
          throw conflict('permissionBuiltInKey', { key: current.key }, 'key');
        }
        if (await permissions.findByKey(body.key))
          throw conflict('permissionKeyTaken', { key: body.key }, 'key');
      }
      await this.checkParent(permissions, body.parentId, body.id);
      if (body.type === PermissionType.BUTTON && (await permissions.countChildren(body.id)) > 0) {
        throw invalid('type', 'childrenCannotBeButton');
      }
      await permissions.update(body.id, this.values(body));
    });
  }

  async delete(id: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const permissions = new PermissionRepository(trx);
      const current = await permissions.findById(id);
      if (!current) throw notFound('permission', id);
      if (BUILT_IN.has(current.key)) {
        throw conflict('permissionBuiltInDelete', { key: current.key });
      }
      const children = await permissions.countChildren(id);
      if (children > 0)
        throw conflict('permissionHasChildren', { key: current.key, count: children });
      const roles = await permissions.roleNamesUsing(id);
      if (roles.length > 0) {
        throw conflict('permissionGrantedToRoles', { key: current.key, roles: roles.join(', ') });
      }
      await permissions.delete(id);
    });
  }

  private values(body: AddPermissionBody): PermissionValues {
    return {
      parent_id: body.parentId === 0 ? null : body.parentId,
      name: body.name,
      key: body.key,
      type: body.type,
      link_type: body.linkType,
      path: body.path,
      icon: body.icon,
      sort: body.sort,
    };
  }

  /** The parent must exist, be a menu, and not be the entry itself or below it. */
  private async checkParent(
    permissions: PermissionRepository,
    parentId: number,
    selfId: number | undefined,
  ) {
    if (parentId === 0) return;
    let cursor: number | null = parentId;
    let parent: PermissionRow | undefined;
    for (let depth = 0; cursor !== null && depth < 50; depth++) {
      if (cursor === selfId) throw invalid('parentId', 'entryBelowItself');
      const row = await permissions.findById(cursor);
      if (!row) throw notFound('parentPermission', cursor);
      parent ??= row;
      cursor = row.parent_id;
    }
    if (parent?.type === PermissionType.BUTTON) throw invalid('parentId', 'buttonNoChildren');
  }
}
