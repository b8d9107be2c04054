import * as v from 'valibot'
import {
  ConsoleVersion,
  type HealthCheck,
  HealthEnvelope,
  type ServiceInfo,
  ServiceInfoEnvelope,
} from '../domain/platform-info.ts'
import type { ApiClients, Service } from './http.ts'

export async function getServiceInfo(api: ApiClients, service: Service): Promise<ServiceInfo> {
  return v.parse(ServiceInfoEnvelope, await api[service]('/utils/info')).data
}

export async function getServiceHealth(api: ApiClients, service: Service): Promise<HealthCheck[]> {
  return v.parse(HealthEnvelope, await api[service]('/utils/health')).data
}

export async function getVersion(api: ApiClients): Promise<ConsoleVersion> {
  return v.parse(ConsoleVersion, await api.site('/version.json'))
}

/**
 * A service's OpenAPI document as sent, not yet checked: its shape's code is the API docs page's own
 * (`parseApiDocument` in src/api/api-docs.ts), loaded while this request is on its way.
 */
export function requestApiDocument(api: ApiClients, service: Service): Promise<unknown> {
  return api[service]('/openapi.json')
}
