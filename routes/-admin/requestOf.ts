/** The request of a dialog as it shows it: busy, or the server's reason for the last refusal. */
export const requestOf = (mutation: { isPending: boolean; error: Error | null }) => ({
  busy: mutation.isPending,
  error: mutation.error?.message ?? null,
})
