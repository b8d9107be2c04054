import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './styles.css'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

// The browser runs the framework's modules (this entry's static imports) in one task. The console's own
// (src/root/boot.ts and what it imports) run in a later one, and building the console in the one after:
// a tap or a paint can come in between instead of waiting for all three (each is tens of ms on a phone).
// This entry imports nothing of the console's statically, or its chunk would be run with the framework's.
await new Promise<void>((resolve) => setTimeout(resolve, 0))
const { bootConsole } = await import('./root/boot.ts')
const { router, queryClient } = await bootConsole()

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
