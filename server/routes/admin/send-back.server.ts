import type { Request, RequestHandler, Response } from 'express'
import type { OwnerFormResults, ReturnedOwnerForms } from '../../http/returned-owner-form.server.ts'
import type { PageRenderer } from '../../render/page-handler.server.ts'

/** Where a refused form goes back to: its page, what the refusal's status is, and what the page shows of it. */
export type Refused = { url: string; status: number; form: OwnerFormResults }

/** Sends a refused owner's form back to its page (post/redirect/get). */
export type SendBack = (req: Request, res: Response, refused: Refused) => Promise<void>

/**
 * A refused form answers 303 to its page with `?form=<id>`, its messages and typed values in the signed
 * owner-form cookie, so a reload or Back never posts again. A state too large for the cookie (a very long
 * description) is the page itself at once, with the refusal's status: nothing typed is lost either way.
 */
export function sendBack(forms: ReturnedOwnerForms, pages: PageRenderer): SendBack {
  return async (req, res, { url, status, form }) => {
    const id = await forms.put(req, res, form)
    if (id) return res.redirect(303, `${url}?form=${id}`)
    await pages.answer(req, res, { url, status, form })
  }
}

/** GET of a workspace page after a refusal: the page with what the cookie brought back (none: the plain page). */
export function pageWithReturnedForm(forms: ReturnedOwnerForms, pages: PageRenderer): RequestHandler {
  return async (req, res, next) => {
    if (typeof req.query.form !== 'string') return next()
    if (!(await pages.withForm(req, res, (await forms.read(req)) ?? {}))) next()
  }
}
