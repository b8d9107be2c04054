import { type $Fetch, ofetch } from 'ofetch'

export const services = ['auth', 'core', 'purge', 'acme', 'stats'] as const
export type Service = (typeof services)[number]

/** Spec section 9: every platform call times out after 5000 ms unless a call says otherwise. */
export const DEFAULT_TIMEOUT_MS = 5000

function createServiceClient(service: Service): $Fetch {
  return ofetch.create({ baseURL: `/api/${service}/v0`, timeout: DEFAULT_TIMEOUT_MS })
}

export const api: Record<Service, $Fetch> = {
  auth: createServiceClient('auth'),
  core: createServiceClient('core'),
  purge: createServiceClient('purge'),
  acme: createServiceClient('acme'),
  stats: createServiceClient('stats'),
}

/** Files the console's own server publishes next to the app (version.json, config.json). */
export const site: $Fetch = ofetch.create({ baseURL: '/', timeout: DEFAULT_TIMEOUT_MS })
