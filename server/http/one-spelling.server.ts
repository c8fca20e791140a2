import type { RequestHandler } from 'express'
import { isWellFormedTarget, normalEscapes, plainSpelling, splitTarget } from './request-target.server.ts'

declare global {
  namespace Express {
    interface Locals {
      /** Asked with escaped letters or digits (`/%70roducts`): answered as its plain spelling, which a kept copy says. */
      respelled?: true
    }
  }
}

/**
 * Every request's path in one spelling before any router (docs/decisions.md, One spelling before routing): a
 * malformed target is 400; what is the same address (escapes RFC 3986 normalises, a fragment no browser sends)
 * is written plain where the request stands; any other spelling (a doubled or trailing slash, a dot segment,
 * `\`) is sent to the plain one, 301 for GET and HEAD, 400 for a post, whose body a redirect would lose.
 */
export const oneSpelling: RequestHandler = (req, res, next) => {
  const api = req.url.startsWith('/api/')
  if (!isWellFormedTarget(req.url)) {
    if (api) res.status(400).json({ error: 'The address of this request is not valid.' })
    else res.status(400).type('text/plain').send('Bad request: the address is not valid.')
    return
  }
  const hash = req.url.indexOf('#')
  const { path, query } = splitTarget(hash < 0 ? req.url : req.url.slice(0, hash))
  const plain = plainSpelling(path)
  if (plain === path && hash < 0) return next()
  const target = query === undefined ? plain : `${plain}?${query}`
  if (normalEscapes(path) === plain) {
    req.url = req.originalUrl = target
    res.locals.respelled = true
    return next()
  }
  if (req.method === 'GET' || req.method === 'HEAD') return res.redirect(301, target)
  const sentence = `This address is written ${plain} on this site: send the request there.`
  if (api) res.status(400).json({ error: sentence })
  else res.status(400).type('text/plain').send(`Bad request: ${sentence}`)
}
