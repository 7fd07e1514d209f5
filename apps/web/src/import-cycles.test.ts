import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importGraph, importLoops } from '@kaoshi/shared/import-graph';
import { describe, expect, it } from 'vitest';

// The web app's files must not import each other in a loop (one of 18 files was found once:
// a store importing the route table, which imports every screen, which import the store).
// Every import counts, lazy import() and `import type` included (see the shared import-graph).

const SRC = path.dirname(fileURLToPath(import.meta.url));

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
});
