/**
 * The organisers' console: a React + Ant Design client of its own (docs/console.md), built into
 * dist/console and served by the API server at /admin/ (server/src/kernel/http/plugins/console.ts).
 * It shares only contracts/ with the server, as the attendee app does.
 */
import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { consoleServiceWorker } from './build/service-worker'

export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  // the worker that opens the check-in desk with no network (build/service-worker.ts)
  plugins: [react(), consoleServiceWorker()],
  resolve: { alias: { '@contracts': path.resolve(import.meta.dirname, '../contracts') } },
  build: {
    outDir: path.resolve(import.meta.dirname, '../dist/console'),
    emptyOutDir: true,
    // one chunk per screen group keeps the first page light; antd is shared by all of them
    chunkSizeWarningLimit: 1500,
    // .vite/manifest.json: which files each page loads, for the first-load figure (scripts/bench-console.ts)
    // and the service worker's precache (build/service-worker.ts);
    // the server never serves it (dot folders are refused)
    manifest: true,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
})
