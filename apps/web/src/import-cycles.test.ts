import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web app's files must not import each other in a loop (issue 10 found one of 18 files:
// a store importing the route table, which imports every screen, which import the store).
// Every import counts, lazy import() and `import type` included: a loop of types today is a
// loop of code tomorrow.

const SRC = path.dirname(fileURLToPath(import.meta.url));
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

/** The file a relative specifier names, or undefined for packages and assets (CSS, images). */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]
    .filter((candidate) => SOURCE.test(candidate))
    .find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((match) => match[1] ?? match[2] ?? match[3])
    .flatMap((specifier) => {
      const target = specifier === undefined ? undefined : resolve(file, specifier);
      return target ? [target] : [];
    });
}

/** Every loop of the graph as its files, each loop once (Tarjan's strongly connected components). */
function importLoops(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];

  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfImport = graph.get(node)?.includes(node) ?? false;
      if (component.length > 1 || selfImport) loops.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return loops;
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
    const graph = new Map(sourceFiles(SRC).map((file) => [file, importsOf(file)]));
    const pages = path.join(SRC, 'router/pages.ts');
    expect(graph.get(pages)).toContain(path.join(SRC, 'views/profile/Profile.tsx'));
    const routes = path.join(SRC, 'router/routes.ts');
    expect(graph.get(routes)).toContain(path.join(SRC, 'router/types.ts'));
  });

  it('has no loop', () => {
    const graph = new Map(sourceFiles(SRC).map((file) => [file, importsOf(file)]));
    const loops = importLoops(graph).map((loop) => loop.map((file) => path.relative(SRC, file)));
    expect(loops).toEqual([]);
  });
});
