import type { Plugin } from 'vite';

/** The worker's file in the build (register-shell.ts registers it from there). */
const WORKER_FILE = 'sw.js';
const PLACEHOLDER = /(["'`])__KAOSHI_SHELL__\1/;

/**
 * The app shell of a build, from its output file names and index.html: `files`, every file the
 * worker may keep (index.html, `publicFiles`: the icons the layout shows, and the hashed assets;
 * the worker itself and Vite's manifest left out); `precache`, those kept at install (index.html,
 * the icons and what index.html loads: the entry and its imports, a few hundred KiB, since
 * thousands of candidates start at once; the rest is kept as the page loads it); and a version
 * that changes with any of them.
 */
export function shellOf(
  fileNames: readonly string[],
  indexHtml: string,
  publicFiles: readonly string[] = [],
) {
  const assets = fileNames
    .filter((name) => name.startsWith('assets/'))
    .sort()
    .map((name) => `/${name}`);
  const files = ['/index.html', ...publicFiles, ...assets];
  const loaded = new Set(indexHtml.match(/\/assets\/[^"'\s>)]+/g) ?? []);
  const precache = ['/index.html', ...publicFiles, ...assets.filter((file) => loaded.has(file))];
  return { version: hashText([...files, indexHtml].join('\n')), files, precache };
}

/** The worker's code with `shell` in place of the placeholder. */
export function withShell(code: string, shell: ReturnType<typeof shellOf>) {
  if (!PLACEHOLDER.test(code)) throw new Error(`${WORKER_FILE}: the shell placeholder is missing`);
  return code.replace(PLACEHOLDER, () => JSON.stringify(JSON.stringify(shell)));
}

/** FNV-1a, 32 bits, in hex: enough to tell builds apart (no Node module in the web app). */
function hashText(text: string) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * Builds service-worker.ts as /sw.js (at the root: its scope is the whole site; the server sends
 * it with no-cache like index.html) and writes this build's shell into it.
 */
export function shellWorker(workerSource: string, publicFiles: readonly string[] = []): Plugin {
  return {
    name: 'kaoshi-shell-worker',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      this.emitFile({ type: 'chunk', id: workerSource, fileName: WORKER_FILE });
    },
    generateBundle(_options, bundle) {
      const worker = bundle[WORKER_FILE];
      const index = bundle['index.html'];
      if (worker?.type !== 'chunk' || index?.type !== 'asset') {
        throw new Error(`${WORKER_FILE} or index.html is missing from the build`);
      }
      const names = Object.keys(bundle).filter((name) => name !== WORKER_FILE);
      worker.code = withShell(worker.code, shellOf(names, String(index.source), publicFiles));
    },
  };
}
