import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [
    // The router plugin must run before react() so the code-split route chunks get the React transform.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json maps routes to chunks: the size budget (tests/bench/bundle.ts) reads it.
    manifest: true,
  },
  test: {
    // e2e/ holds Playwright specs: they run in a real browser through `playwright test`, never in vitest.
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 30000,
  },
})
