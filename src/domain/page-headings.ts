/**
 * The headings of the pages that are not a resource type's, by path: what the page shows, and what
 * index.html shows in its place while a stored session is checked (src/early-pages.ts), so that the two
 * are the same text. In a description, `{project}` is the page's project and `{times}` the sentence about
 * times (`timesNote`, src/domain/time-zone.ts).
 */
export const PAGE_HEADINGS = {
  '/api-docs': {
    title: 'API Docs',
    description:
      'Every operation of the platform API, with the permission it needs. Try it sends the request with your session’s token.',
  },
  '/audit': { title: 'Audit Log', description: 'Every change and every sign-in, newest first. {times}' },
  '/backups': {
    title: 'Backups',
    description:
      'Every configuration resource of project {project}: taken on request and once a day (the last 7 daily ones are kept), downloaded as JSON, restored after a dry run. {times}',
  },
  '/statistics': {
    title: 'Statistics',
    description:
      'Traffic of the websites of {project}: requests, bandwidth, caching, errors, origin latency and security events. {times}',
  },
} as const satisfies Record<string, { title: string; description: string }>

export const HEADING_PROJECT = '{project}'
export const HEADING_TIMES = '{times}'

/** A page's description with its project and the sentence about times put in. */
export function pageDescription(path: keyof typeof PAGE_HEADINGS, values: { project?: string; times?: string }) {
  return PAGE_HEADINGS[path].description
    .split(HEADING_PROJECT)
    .join(values.project ?? '')
    .split(HEADING_TIMES)
    .join(values.times ?? '')
}
