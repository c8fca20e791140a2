import type { Express } from 'express'
import request, { type Response } from 'supertest'
import { expect } from 'vitest'

/**
 * A refused owner's form as a browser follows it: the post answers 303 back to its page with `?form=<id>`,
 * and that page, asked with the cookie the answer set (and `headers`, such as the owner's), shows what
 * the form brought back. Fails unless the post was sent back so.
 */
export async function sentBack(
  app: Express,
  posted: Response,
  headers: Record<string, string> = {},
): Promise<Response> {
  expect(posted.status, 'a refused form is sent back to its page').toBe(303)
  const location = String(posted.headers.location)
  expect(location).toMatch(/^\/admin(\/[^?#]*)?\?form=[\w-]+$/)
  const cookies = [posted.headers['set-cookie'] ?? []].flat().map((cookie) => cookie.split(';')[0]!)
  expect(cookies.length, 'the form’s state travels in its cookie').toBeGreaterThan(0)
  const page = request(app).get(location).set(headers).set('Cookie', cookies.join('; '))
  return page.expect(200)
}
