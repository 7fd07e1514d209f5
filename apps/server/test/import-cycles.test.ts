import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importGraph, importLoops } from '@kaoshi/shared/import-graph';
import { describe, expect, it } from 'vitest';

// The server's files must not import each other in a loop, and neither may its folders: a module
// (modules/X) or a top folder (lib, db, plugins, backup; a file at the root counts as its own
// folder) may not import a folder that imports it back. docs/architecture.md has the layers.

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** The folder a file belongs to: modules/X, the top folder, or the file itself at the root. */
function folderOf(root: string, file: string): string {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts[0]!;
}

/** Each pair of folders importing each other, with the imports that go each way. */
function folderLoops(root: string, graph: ReadonlyMap<string, readonly string[]>) {
  const imports = new Map<string, string[]>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const [from, to] = [folderOf(root, file), folderOf(root, target)];
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      const edge = `${path.relative(root, file)} -> ${path.relative(root, target)}`;
      imports.set(key, [...new Set([...(imports.get(key) ?? []), edge])]);
    }
  }
  return [...imports.keys()].flatMap((key) => {
    const [from, to] = key.split(' -> ') as [string, string];
    const back = imports.get(`${to} -> ${from}`);
    return from < to && back ? [{ folders: [from, to], there: imports.get(key)!, back }] : [];
  });
}

describe('imports of apps/server/src', () => {
  const graph = importGraph(SRC);

  it('reads the server ESM specifiers (./x.js names ./x.ts)', () => {
    const app = path.join(SRC, 'app.ts');
    expect(graph.get(app)).toContain(path.join(SRC, 'config.ts'));
  });

  it('finds a folder loop where there is one', () => {
    const root = '/r';
    const fake = new Map([
      ['/r/modules/a/a.ts', ['/r/modules/b/b.ts', '/r/lib/l.ts']],
      ['/r/modules/b/b.ts', ['/r/lib/l.ts']],
      ['/r/modules/b/c.ts', ['/r/modules/a/a.ts']],
      ['/r/lib/l.ts', []],
    ]);
    expect(folderLoops(root, fake)).toEqual([
      {
        folders: ['modules/a', 'modules/b'],
        there: ['modules/a/a.ts -> modules/b/b.ts'],
        back: ['modules/b/c.ts -> modules/a/a.ts'],
      },
    ]);
  });

  it('has no loop of files', () => {
    const loops = importLoops(graph).map((loop) => loop.map((file) => path.relative(SRC, file)));
    expect(loops).toEqual([]);
  });

  it('has no folder loop', () => {
    const loops = folderLoops(SRC, graph).map(({ folders: [a, b], there, back }) => ({
      loop: `${a} imports ${b}, which imports it back`,
      [`${a} -> ${b}`]: there,
      [`${b} -> ${a}`]: back,
    }));
    expect(loops, 'a folder imports a folder that imports it back').toEqual([]);
  });
});
