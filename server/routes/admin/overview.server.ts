import { GENERATOR_PAGE } from '../../../domain/image-generation.ts'
import { CANCELLED_MESSAGE, startShopRun } from '../generate-images.server.ts'
import type { PageRoutes } from './index.server.ts'

/**
 * The overview's actions (pages/admin/index/): a run over every product and its Stop, as forms that work
 * before the page's script does (which sends the same through /api/generate-images), and undoing a run;
 * each answers 303 back with what it did.
 */
export const overviewRoutes: PageRoutes = ({ actions }, { services: { catalogue, images }, sendBack }) => {
  actions.post('/generate-images', async (req, res) => {
    const started = startShopRun(images)
    if (started.ok) return res.redirect(303, GENERATOR_PAGE)
    await sendBack(req, res, { url: '/admin', status: started.status, form: { generator: { error: started.error } } })
  })

  // Stopped or already over: either way the page shows how the run stands.
  actions.post('/generate-images/stop', (_req, res) => {
    images.generator.current?.cancel(CANCELLED_MESSAGE)
    res.redirect(303, GENERATOR_PAGE)
  })

  actions.post('/runs/:run/undo', async (req, res) => {
    const undone = await catalogue.undoRun(String(req.params.run))
    res.redirect(
      303,
      undone
        ? `/admin?undone=${undone.restored}${undone.changedSince.length ? `&kept=${undone.changedSince.length}` : ''}`
        : '/admin',
    )
  })
}
