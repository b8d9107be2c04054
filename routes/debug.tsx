import { createFileRoute } from '@tanstack/react-router'
import { DebugScreen } from './-debug/DebugScreen.tsx'

/**
 * /debug, for every signed-in user (the spec gives it no permission rule): the path generation it offers
 * loads only when asked (RouterContext `debug`), so it costs this page and the others nothing.
 */
export const Route = createFileRoute('/debug')({ component: DebugScreen })
