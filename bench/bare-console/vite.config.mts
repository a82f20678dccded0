/** The bare Ant Design page the console's first load is measured against (scripts/bench-console.ts). */
import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: path.resolve(import.meta.dirname, 'dist'), emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 1500 },
})
