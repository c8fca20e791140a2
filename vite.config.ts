import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { precompress } from './scripts/vite-precompress.ts'
import { siteFonts } from './scripts/site-fonts.ts'

export default defineConfig({
  plugins: [siteFonts(), react(), vike(), precompress()],
  build: {
    target: 'es2022',
    // Rolldown's timing report is advice for plugin authors; printed in yellow at every build, it reads as a warning.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
})
