import * as v from 'valibot'
import type { ApiClients } from './http.ts'

/** The e-mails of the users whose recorded groups match an SSO mapping's group (sorted by the server). */
export async function listMatchingUsers(api: ApiClients, mapping: string): Promise<string[]> {
  const body = await api.auth(`/sso-groups-roles/${encodeURIComponent(mapping)}/matching-users`)
  return v.parse(v.object({ data: v.array(v.string()) }), body).data
}
