import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { apiDevPlugin } from './scripts/vite-api-plugin.ts'
import { precompressPlugin } from './scripts/vite-precompress-plugin.ts'
import pkg from './package.json' with { type: 'json' }
import { distDirOf } from './server/config/dist-dir.ts'

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  plugins: [react(), tailwindcss(), apiDevPlugin(), precompressPlugin()],
  server: { host: '127.0.0.1', port: 5173 },
  build: {
    outDir: distDirOf(),
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // The browsers the build targets (es2022) preload modules themselves: the polyfill would only weigh on every first
    // load (docs/decisions/0180).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and every response schema in one chunk: the shell's checks (session, health, spend, quotes) and
          // a view's own need it at the same moment, so one request serves them all (docs/decisions/0101).
          groups: [
            { name: 'schemas', test: /\/node_modules\/zod\/|\/contract\/schemas\.ts$|\/src\/.+-schema\.ts$/ },
          ],
        },
      },
    },
  },
})
