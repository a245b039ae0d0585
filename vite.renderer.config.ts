import { resolve } from 'node:path'

import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

import { devCsp } from './scripts/dev-csp'

/** The renderer alone, for `gpu-doctor serve` (electron-vite builds the same files for the app). */
export default defineConfig({
  root: resolve(__dirname, 'src/renderer'),
  base: './',
  plugins: [react(), devCsp()],
  build: {
    outDir: resolve(__dirname, 'out/renderer'),
    emptyOutDir: true,
  },
})
