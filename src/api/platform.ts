import * as v from 'valibot'
import { api, type Service, site } from './http.ts'

const ServiceInfo = v.object({ name: v.string(), version: v.string(), updatedAt: v.string() })
export type ServiceInfo = v.InferOutput<typeof ServiceInfo>

const HealthCheck = v.object({ name: v.string(), is_healthy: v.boolean() })
export type HealthCheck = v.InferOutput<typeof HealthCheck>

const ConsoleVersion = v.object({ version: v.string(), commit: v.string(), built_at: v.string() })
export type ConsoleVersion = v.InferOutput<typeof ConsoleVersion>

const InfoEnvelope = v.object({ data: ServiceInfo })
const HealthEnvelope = v.object({ data: v.array(HealthCheck) })

export async function getServiceInfo(service: Service): Promise<ServiceInfo> {
  return v.parse(InfoEnvelope, await api[service]('/utils/info')).data
}

export async function getServiceHealth(service: Service): Promise<HealthCheck[]> {
  return v.parse(HealthEnvelope, await api[service]('/utils/health')).data
}

export async function getVersion(): Promise<ConsoleVersion> {
  return v.parse(ConsoleVersion, await site('/version.json'))
}
