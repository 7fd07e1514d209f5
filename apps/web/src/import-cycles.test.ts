import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importGraph, importLoops } from '@kaoshi/shared/import-graph';
import { describe, expect, it } from 'vitest';

// The web app's files must not import each other in a loop (one of 18 files was found once:
// a store importing the route table, which imports every screen, which import the store).
// Every import counts, lazy import() and `import type` included (see the shared import-graph).

const SRC = path.dirname(fileURLToPath(import.meta.url));

// Screens do not import each other's folders: what two view folders share lives in components/
// (or api/, utils/). Imports still being removed, as `from -> to` relative to src; when one is
// gone this test fails until its entry is deleted, so the list only shrinks.
const CROSS_VIEW_IMPORTS_BEING_REMOVED: readonly string[] = [];

/** The view folder (views/<name>) a file is in, or undefined outside views/. */
function viewFolderOf(relative: string): string | undefined {
  const parts = relative.split(path.sep);
  return parts[0] === 'views' && parts.length > 2 ? `views/${parts[1]}` : undefined;
}

/** Each import from one view folder into another, as `from -> to` relative to root. */
function crossViewImports(root: string, graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...graph].flatMap(([file, targets]) => {
    const from = path.relative(root, file);
    return targets.flatMap((target) => {
      const to = path.relative(root, target);
      const [a, b] = [viewFolderOf(from), viewFolderOf(to)];
      return a && b && a !== b ? [`${from} -> ${to}`.split(path.sep).join('/')] : [];
    });
  });
}

describe('imports of apps/web/src', () => {
  it('finds a loop where there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(importLoops(graph)).toEqual([['a', 'b', 'c']]);
    expect(importLoops(new Map([['a', ['b']]]))).toEqual([]);
  });

  it('reads static, type-only, re-exported and lazy imports', () => {
    const graph = importGraph(SRC);
    const pages = path.join(SRC, 'router/pages.ts');
    expect(graph.get(pages)).toContain(path.join(SRC, 'views/profile/Profile.tsx'));
    const routes = path.join(SRC, 'router/routes.ts');
    expect(graph.get(routes)).toContain(path.join(SRC, 'router/types.ts'));
  });

  it('has no loop', () => {
    const graph = importGraph(SRC);
    const loops = importLoops(graph).map((loop) => loop.map((file) => path.relative(SRC, file)));
    expect(loops).toEqual([]);
  });

  it('finds an import from one view folder into another', () => {
    const root = '/r';
    const fake = new Map([
      ['/r/views/a/A.tsx', ['/r/views/a/a-format.ts', '/r/components/C.tsx', '/r/views/b/B.tsx']],
      ['/r/views/b/B.tsx', ['/r/utils/u.ts']],
      ['/r/components/C.tsx', ['/r/views/b/B.tsx']],
    ]);
    expect(crossViewImports(root, fake)).toEqual(['views/a/A.tsx -> views/b/B.tsx']);
  });

  it('has no view importing another view folder but the known ones', () => {
    const found = crossViewImports(SRC, importGraph(SRC));
    const added = found.filter((edge) => !CROSS_VIEW_IMPORTS_BEING_REMOVED.includes(edge));
    const gone = CROSS_VIEW_IMPORTS_BEING_REMOVED.filter((edge) => !found.includes(edge)).map(
      (edge) => `${edge} is gone: remove it from CROSS_VIEW_IMPORTS_BEING_REMOVED`,
    );
    expect.soft(added, 'move what two views share to components/').toEqual([]);
    expect.soft(gone).toEqual([]);
  });
});
