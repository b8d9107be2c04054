import * as v from 'valibot'
import {
  ConsoleVersion,
  type HealthCheck,
  HealthEnvelope,
  type ServiceInfo,
  ServiceInfoEnvelope,
} from '../domain/platform-info.ts'
import { api, type Service, site } from './http.ts'

export async function getServiceInfo(service: Service): Promise<ServiceInfo> {
  return v.parse(ServiceInfoEnvelope, await api[service]('/utils/info')).data
}

export async function getServiceHealth(service: Service): Promise<HealthCheck[]> {
  return v.parse(HealthEnvelope, await api[service]('/utils/health')).data
}

export async function getVersion(): Promise<ConsoleVersion> {
  return v.parse(ConsoleVersion, await site('/version.json'))
}

export type { ConsoleVersion, HealthCheck, ServiceInfo }
