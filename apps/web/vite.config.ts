import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { shellWorker } from './src/components/offline-shell/shell-plugin';

const workerSource = fileURLToPath(
  new URL('./src/components/offline-shell/service-worker.ts', import.meta.url),
);

export default defineConfig({
  // The service worker of the app shell, built as /sw.js with this build's files (offline exam page).
  plugins: [react(), shellWorker(workerSource)],
  // bench/web-size.mjs reads the chunk graph from .vite/manifest.json.
  build: { manifest: true },
  server: {
    // `npm run dev -w apps/web` talks to a server started with `npm start`.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
