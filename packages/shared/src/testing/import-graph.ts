import fs from 'node:fs';
import path from 'node:path';

// The import graph of a source tree, for the tests that refuse import loops (apps/web and
// apps/server). Every import counts, lazy import() and `import type` included: a loop of types
// today is a loop of code tomorrow. Test-only: it reads files with node:fs.

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** The source files under dir, tests and declaration files left out. */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

/** The file a relative specifier names, or undefined for packages and assets (CSS, images). */
export function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  // The server writes ESM specifiers: './x.js' names './x.ts'.
  const stem = base.endsWith('.js') ? base.slice(0, -'.js'.length) : base;
  return [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]
    .filter((candidate) => SOURCE.test(candidate))
    .find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/** The source files a file imports (relative specifiers only). */
export function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((match) => match[1] ?? match[2] ?? match[3])
    .flatMap((specifier) => {
      const target = specifier === undefined ? undefined : resolve(file, specifier);
      return target ? [target] : [];
    });
}

/** The graph of the source files under dir: each file with the files it imports. */
export function importGraph(dir: string): Map<string, string[]> {
  return new Map(sourceFiles(dir).map((file) => [file, importsOf(file)]));
}

/** Every loop of the graph as its files, each loop once (Tarjan's strongly connected components). */
export function importLoops(graph: ReadonlyMap<string, readonly string[]>): string[][] {
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
