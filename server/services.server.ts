import type { Express } from 'express'
import type { Logger } from 'pino'
import type { Store } from '../data/store.server.ts'
import type { Config } from './config.server.ts'
import { contactRouter } from './routes/contact.server.ts'
import { generateImagesRouter } from './routes/generate-images.server.ts'

/** The long-lived parts beside the store: enquiry e-mail and image generation. */
export type Services = {
  /** Mounts the writing API routes (/api/contact, /api/generate-images). */
  mountApi: (app: Express) => void
  /** Mounts what must run before the page handler (no-JS form posts, admin protection). */
  mountPages?: (app: Express) => void
  /** Background work at start-up (for example retrying unsent notifications). */
  start: () => Promise<void>
  /** Stops timers and waits for work in progress, for a graceful shutdown. */
  stop: () => Promise<void>
}

export type ServiceDeps = { config: Config; store: Store; logger: Logger }

export function createServices(deps: ServiceDeps): Services {
  // --- enquiries (contact form, mail outbox) ---
  const contact = contactRouter(deps)
  // --- image generation ---
  const images = generateImagesRouter(deps)

  return {
    mountApi(app) {
      app.use('/api/contact', contact.api)
      app.use('/api/generate-images', images.api)
    },
    mountPages(app) {
      contact.mountPages?.(app)
      images.mountPages?.(app)
    },
    async start() {
      await contact.start?.()
      await images.start?.()
    },
    async stop() {
      await Promise.all([contact.stop?.(), images.stop?.()])
    },
  }
}

/** What each feature module gives the app. */
export type Feature = {
  api: import('express').Router
  mountPages?: (app: Express) => void
  start?: () => Promise<void>
  stop?: () => Promise<void>
}
