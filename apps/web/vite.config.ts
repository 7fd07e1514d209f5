import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // bench/web-size.mjs reads the chunk graph from .vite/manifest.json.
  build: { manifest: true },
  server: {
    // `npm run dev -w apps/web` talks to a server started with `npm start`.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
