// Bundles the server (and @kaoshi/shared, which ships TypeScript) into dist/; npm packages stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@kaoshi/shared');

await build({
  // The workbook worker beside main.js: spreadsheet.ts starts it as ./workbook-worker.js.
  entryPoints: {
    main: 'src/main.ts',
    'backup/cli': 'src/backup/cli.ts',
    'workbook-worker': 'src/lib/workbook-worker.mjs',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  absWorkingDir: new URL('.', import.meta.url).pathname,
});
