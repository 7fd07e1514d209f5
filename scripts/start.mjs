// `npm start`: builds whatever is missing or older than its sources, then starts the server.
//   --build-only    build and exit (used by benchmarks and tests)
//   --migrate-only  build, bring the database schema up to date, and exit (`npm run migrate`)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestMtime(entries) {
  let newest = 0;
  const visit = (entry) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry)) {
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(entry, name));
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  entries.forEach(visit);
  return newest;
}

function buildIfStale(label, output, sources, workspace) {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  if (builtAt >= newestMtime(sources)) return;
  console.log(`Building ${label}…`);
  execFileSync('npm', ['run', 'build', '--silent', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
}

const shared = [at('packages/shared/src'), at('packages/shared/package.json')];
buildIfStale(
  'the web app',
  at('apps/web/dist/index.html'),
  [
    at('apps/web/src'),
    at('apps/web/index.html'),
    at('apps/web/vite.config.ts'),
    at('apps/web/scripts'),
    at('apps/web/package.json'),
    ...shared,
  ],
  'apps/web',
);
buildIfStale(
  'the server',
  at('apps/server/dist/main.js'),
  [at('apps/server/src'), at('apps/server/build.mjs'), at('apps/server/package.json'), ...shared],
  'apps/server',
);

if (!process.argv.includes('--build-only')) {
  await import(pathToFileURL(at('apps/server/dist/main.js')).href);
}
