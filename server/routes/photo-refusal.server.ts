import type { Request, Response } from 'express'
import type { Store } from '../../data/store.server.ts'
import { ownerPageContext } from '../owner/owner.server.ts'
import { sendPersonalPage } from '../render/page-response.server.ts'

type Stale = { req: Request; res: Response; store: Store; siteUrl: string | undefined; refusal: string }

/**
 * A photo form made from photographs that changed meanwhile: 409 and the page as it is now, saying why nothing changed.
 */
export function refuseStale({ req, res, store, siteUrl, refusal }: Stale): Promise<void> {
  const id = String(req.params.id)
  return sendPersonalPage(
    req,
    res,
    {
      ...ownerPageContext(res),
      store,
      siteUrl,
      photoRefusal: refusal,
      urlOriginal: `/admin/products/${encodeURIComponent(id)}`,
    },
    409,
  )
}
