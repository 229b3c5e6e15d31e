/** `npm run dev`: mounts the function at /api inside Vite's dev server; server code reloads on change (ssrLoadModule). */
import type { Plugin } from 'vite'
import { getRequestListener } from '@hono/node-server'
import type { devApp } from '#server/dev-app.ts'
import { answerClientError } from '#server/security/request-size.ts'

export function apiDevPlugin(): Plugin {
  return {
    name: 'poix-api-dev',
    apply: 'serve',
    configureServer(server) {
      // Before Vite's own handler, which answers a bare status line (it then finds the socket closed).
      server.httpServer?.prependListener('clientError', answerClientError)
      server.middlewares.use(async (req, res, next) => {
        if (!req.url?.startsWith('/api')) return next()
        try {
          const mod = (await server.ssrLoadModule('/server/dev-app.ts')) as { devApp: typeof devApp }
          await getRequestListener((request) => mod.devApp().fetch(request))(req, res)
        } catch (e) {
          next(e)
        }
      })
    },
  }
}
