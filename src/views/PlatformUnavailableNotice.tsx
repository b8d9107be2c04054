/**
 * Says, while the platform does not answer (a 503 while its database restarts), that it is unavailable
 * and that the console retries by itself (issue 25). Floats over the page without moving it, and is
 * announced politely: the page keeps what it showed, and carries on once the platform is back.
 */
export function PlatformUnavailableNotice() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed bottom-4 left-1/2 z-[60] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 shadow-lg dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">The platform is unavailable at the moment.</p>
      <p className="mt-1">
        The console keeps retrying and carries on by itself once it is back; nothing you saved is lost.
      </p>
    </div>
  )
}
