import * as v from 'valibot'
import { CERTIFICATE_STATUSES } from '../types/le-certificates/fields.ts'
import type { ApiClients } from './http.ts'

const Overview = v.object({
  types: v.array(
    v.object({
      type: v.string(),
      count: v.number(),
      last_changed_at: v.nullable(v.string()),
      last_changed_by: v.nullable(v.string()),
    }),
  ),
  recent: v.array(
    v.object({
      type: v.string(),
      name: v.string(),
      display_name: v.nullable(v.string()),
      updated_at: v.string(),
      updated_by: v.string(),
    }),
  ),
})

export async function getOverview(api: ApiClients, project: string) {
  const body = await api.core(`/projects/${encodeURIComponent(project)}/overview`)
  return v.parse(v.object({ data: Overview }), body).data
}

const Certificate = v.object({
  name: v.string(),
  display_name: v.nullable(v.string()),
  domains: v.array(v.string()),
  status: v.picklist(CERTIFICATE_STATUSES),
  not_after: v.nullish(v.string()),
  auto_renew: v.boolean(),
  renew_before_days: v.number(),
})
export type CertificateSummary = v.InferOutput<typeof Certificate>

/** Certificates read a page at a time (the API's page size goes up to 10,000). */
export const CERTIFICATES_PAGE = 1000

const CertificatePage = v.object({ data: v.array(Certificate), meta: v.object({ total: v.number() }) })

/**
 * Every LE certificate of the project, with what Home needs to tell which ones need attention: all of
 * them, a page after another, since whether one expires is the server's reckoning, not an order it lists
 * them in (reading only the first page, Home called all of a large project's certificates valid).
 */
export async function listCertificates(api: ApiClients, project: string) {
  const data: CertificateSummary[] = []
  for (let page = 1; ; page += 1) {
    const body = await api.acme(`/projects/${encodeURIComponent(project)}/le-cert`, {
      query: { items: CERTIFICATES_PAGE, page },
    })
    const read = v.parse(CertificatePage, body)
    data.push(...read.data)
    if (read.data.length < CERTIFICATES_PAGE || data.length >= read.meta.total)
      return { data, meta: { total: read.meta.total } }
  }
}
