import type { PageRoutes } from './index.server.ts'

/** The overview's action (pages/admin/index/): undoing a generation run, then 303 back with what it did. */
export const overviewRoutes: PageRoutes = ({ actions }, { services: { catalogue } }) => {
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
