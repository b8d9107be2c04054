/**
 * How long an API token lives, in days: the default of a new one, and the most it may be given. The
 * tokens type checks it (`src/types/tokens/`); the platform's own bootstrap token is given the most.
 */
export const TOKEN_LIFETIME_DAYS = { default: 90, max: 365 } as const
