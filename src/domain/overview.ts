/** `GET /projects/{p}/overview` (Home): what the project holds and what changed last. */
export type ProjectOverview = {
  /** Each configuration type the caller may list: how many, and the last change among them. */
  types: { type: string; count: number; last_changed_at: string | null; last_changed_by: string | null }[]
  /** The most recently changed resources of those types, newest first. */
  recent: { type: string; name: string; display_name: string | null; updated_at: string; updated_by: string }[]
}

/** How many recent changes the overview returns. */
export const OVERVIEW_RECENT = 8
