import express, { type RequestHandler } from 'express'
import { wellFormed } from '../../domain/plain-text.ts'

/**
 * A JSON body of at most `limit`, its strings well formed: JSON may spell half an emoji (`\ud83d`),
 * which a form post cannot, and which would break every link and page later built from it.
 */
export const jsonBody = (limit: string): RequestHandler =>
  express.json({ limit, reviver: (_key, value: unknown) => (typeof value === 'string' ? wellFormed(value) : value) })
