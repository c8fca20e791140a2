import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { precompress } from './scripts/vite-precompress.ts'

export default defineConfig({
  plugins: [react(), vike(), precompress()],
  build: { target: 'es2022' },
})
