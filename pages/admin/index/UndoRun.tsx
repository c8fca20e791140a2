import { ukTime } from '../../../domain/uk-time.ts'
import { adminStore } from '../../../stores/admin-store.ts'

/** One tap puts back every main photograph the last run replaced: a form that posts, with or without JavaScript. */
export function UndoRun() {
  const lastRun = adminStore.useSelector((s) => s.lastRun)
  const running = adminStore.useSelector((s) => s.phase === 'running')
  if (!lastRun || running) return null
  const { runId, at, products } = lastRun
  return (
    <form className="admin-undo" method="post" action={`/admin/runs/${encodeURIComponent(runId)}/undo`}>
      <p>
        The last run (<time dateTime={at}>{ukTime(at)}</time>) replaced the main photograph of{' '}
        {products === 1 ? '1 product' : `${products} products`}.
      </p>
      <button type="submit" className="btn btn-outline">
        Undo this run
      </button>
    </form>
  )
}
