import { UnknownSnapshotError } from '../../../data/snapshots.server.ts'
import type { PageRoutes } from './index.server.ts'

/** Restoring a snapshot after its confirmation page (pages/admin/snapshots/): a form that posts, then 303 back. */
export const snapshotRoutes: PageRoutes = ({ actions }, { services: { catalogue } }) => {
  actions.post('/snapshots/:name/restore', async (req, res) => {
    const name = String(req.params.name)
    const restored = await catalogue.restoreSnapshot(name).catch((err: unknown) => {
      if (err instanceof UnknownSnapshotError) return null
      throw err
    })
    // A snapshot pruned since the list was opened (or never there): back to the list as it is now.
    if (!restored) return res.redirect(303, '/admin/snapshots')
    res.redirect(303, `/admin/snapshots?restored=${encodeURIComponent(name)}&changed=${restored.changed}`)
  })
}
