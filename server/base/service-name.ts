/** The platform API's five services, each under `/api/{service}/v0` with an OpenAPI document of its own. */
export type ServiceName = 'auth' | 'core' | 'purge' | 'acme' | 'stats'
