import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    include: ['{src,server,simulator,contract,api,scripts,bench,test-readers}/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['./server/testing/pglite-template.ts'],
    setupFiles: ['./server/testing/in-process-api.setup.ts', './src/testing/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
