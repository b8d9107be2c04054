import { createServer as createVite } from 'vite'
import { optionsFromEnv, ROOT, startServer } from '../../server/main.ts'
import { refusedAdminToken } from '../../server/start-report.ts'
import { PLATFORM_TYPES } from './types.ts'

/**
 * `npm run dev`: Vite's dev server (HMR) and the platform API on one origin, so the console in
 * development talks to the same paths as in production.
 */
const vite = await createVite({ root: ROOT, server: { middlewareMode: true }, appType: 'spa' })
const server = await startServer(
  {
    ...optionsFromEnv(process.env),
    serveConsole: false,
    consoleMiddleware: (req, res, next) => vite.middlewares(req, res, next),
  },
  PLATFORM_TYPES,
)
console.log(`WADP console (development, HMR): ${server.url}/`)
console.log(`Database: ${server.databaseDescription}`)
console.log(
  'token' in server.adminToken
    ? `Admin API token: ${server.adminToken.token}`
    : `Admin API token: none, ${refusedAdminToken(server.adminToken.refused)}`,
)
console.log(`SSO password of the demo users: ${server.demoPassword}`)

async function stop() {
  await vite.close()
  await server.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
