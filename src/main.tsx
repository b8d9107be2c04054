import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { nextTask, startConsole } from './root/console.ts'
import { notify } from './ui/Toaster.tsx'
import { applyTheme, readStoredTheme } from './ui/theme.ts'
import './styles.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

applyTheme(readStoredTheme())
// The browser evaluates every module of the start in one task; building the console is another, so a
// tap or a paint can come in between instead of waiting for both (on a phone each is tens of ms).
await nextTask()
const { router, queryClient } = await startConsole({
  notify: (message, options = {}) => notify(message, { kind: 'success', ...options }),
})

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
