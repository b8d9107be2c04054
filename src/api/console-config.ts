import * as v from 'valibot'
import { ConsoleConfig } from '../domain/platform-info.ts'
import type { ApiClients } from './http.ts'

/** The console's configuration (`/config.json`): the platform's name, the OpenID Connect client. */
export async function getConsoleConfig(api: ApiClients): Promise<ConsoleConfig> {
  return v.parse(ConsoleConfig, await api.site('/config.json'))
}
