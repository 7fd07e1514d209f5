import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { shellWorker } from './src/components/offline-shell/shell-plugin';

const workerSource = fileURLToPath(
  new URL('./src/components/offline-shell/service-worker.ts', import.meta.url),
);
/** The icons of public/ the layout shows, kept with the shell (only those that exist). */
const shellIcons = ['/favicon.svg', '/logo.svg'].filter((file) =>
  fs.existsSync(fileURLToPath(new URL(`./public${file}`, import.meta.url))),
);

export default defineConfig({
  // The service worker of the app shell, built as /sw.js with this build's files (offline exam page).
  plugins: [react(), shellWorker(workerSource, shellIcons)],
  // bench/web-size.mjs reads the chunk graph from .vite/manifest.json.
  build: { manifest: true },
  server: {
    // `npm run dev -w apps/web` talks to a server started with `npm start`.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
