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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every page needs these before it can render: one request for them instead of a dozen.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store|react-query|query-core)|xstate|@xstate|valibot|ofetch|ufo|destr)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  test: {
    // e2e/ holds Playwright specs: they run in a real browser through `playwright test`, never in vitest.
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 30000,
  },
})
