import { useEffect, type FormEvent } from 'react'
import { IMAGE_ANGLES } from '../../../domain/business.ts'
import { GENERATOR_PAGE } from '../../../domain/image-generation.ts'
import { useHydrated } from '../../../renderer/useHydrated.ts'
import { adminStore } from '../../../stores/admin-store.ts'
import { UndoRun } from './UndoRun.tsx'

export function ImageGenerator() {
  const phase = adminStore.useSelector((s) => s.phase)
  const progress = adminStore.useSelector((s) => s.progress)
  const status = adminStore.useSelector((s) => s.status)
  const error = adminStore.useSelector((s) => s.error)
  const results = adminStore.useSelector((s) => s.results)
  const failures = adminStore.useSelector((s) => s.failures)
  const count = adminStore.useSelector((s) => s.products.length)
  const configured = adminStore.useSelector((s) => s.configured)
  const isOwner = adminStore.useSelector((s) => s.access === 'owner')
  const stoppedEarly = adminStore.useSelector((s) => s.stoppedEarly)
  const stopping = adminStore.useSelector((s) => s.stopping)
  const generate = adminStore.useSelector((s) => s.generate)
  const stop = adminStore.useSelector((s) => s.stop)
  const loadStatus = adminStore.useSelector((s) => s.loadStatus)
  const running = phase === 'running'
  // Forms that post until the page's script runs; then it sends them itself and follows the run live.
  const hydrated = useHydrated()
  const byScript = (act: () => Promise<void>) => (e: FormEvent) => {
    if (!hydrated) return
    e.preventDefault()
    void act()
  }

  useEffect(() => {
    void loadStatus()
  }, [loadStatus])

  const idleStatus = isOwner
    ? `Ready to generate ${count * IMAGE_ANGLES.length} images for ${count} products.`
    : 'Image generation is for the shop owner only.'

  return (
    <section className="admin-card admin-generator" aria-labelledby="generator-heading">
      <h2 id="generator-heading">Generate images</h2>
      {!isOwner ? (
        <div className="admin-generator__warning" id="owner-only">
          <p>
            Only the shop owner can generate images here, and this server cannot tell that you are the owner: no admin
            password is set, so it takes image generation only from a browser on the server itself.
          </p>
          <p>
            If this is your shop: set <code>ADMIN_PASSWORD</code> (12 characters or more) in the server&apos;s
            environment and restart the site. Your browser will then ask for it here (user name <code>admin</code>). Or
            open this page on the server itself, for example through an SSH tunnel to <code>localhost</code>.
          </p>
        </div>
      ) : !configured ? (
        <p className="admin-generator__warning">
          Image generation is not set up on this server yet: <code>OPENAI_API_KEY</code> is not set, so a run will fail.
        </p>
      ) : null}
      <div className="admin-generator__actions">
        <form method="post" action="/admin/generate-images" onSubmit={byScript(generate)}>
          <button
            type="submit"
            className="btn btn-primary admin-generator__button"
            disabled={running || !isOwner}
            aria-describedby={isOwner ? 'generator-status' : 'owner-only'}
          >
            {running ? <span className="admin-generator__spinner" aria-hidden="true" /> : null}
            Generate All Product Images
          </button>
        </form>
        {running ? (
          <form method="post" action="/admin/generate-images/stop" onSubmit={byScript(stop)}>
            <button type="submit" className="btn btn-outline admin-generator__stop" disabled={stopping}>
              {stopping ? 'Stopping...' : 'Stop'}
            </button>
          </form>
        ) : null}
      </div>

      <div className="admin-progress" data-phase={phase}>
        <div
          className="admin-progress__track"
          role="progressbar"
          aria-label="Image generation progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`${progress}%`}
        >
          <div className="admin-progress__fill" style={{ width: `${progress}%` }} />
        </div>
        <div className="admin-progress__meta">
          <p id="generator-status" className="admin-progress__status" role="status" aria-live="polite">
            {status || idleStatus}
          </p>
          <span className="admin-progress__percent" aria-hidden="true">
            {progress}%
          </span>
        </div>
        {running && !hydrated ? (
          <p className="admin-progress__refresh">
            <a href={GENERATOR_PAGE}>Refresh to see how far it got</a>
          </p>
        ) : null}
        {error ? (
          <p className="admin-progress__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>

      {results ? (
        <div className="admin-results" aria-labelledby="results-heading">
          <h3 id="results-heading">Results</h3>
          <dl className="admin-results__grid">
            <div className="admin-results__item admin-results__item--ok">
              <dt>Successful</dt>
              <dd data-testid="results-successful">{results.successCount}</dd>
            </div>
            <div className="admin-results__item admin-results__item--failed">
              <dt>Failed</dt>
              <dd data-testid="results-failed">{results.errorCount}</dd>
            </div>
            <div className="admin-results__item">
              <dt>Total</dt>
              <dd data-testid="results-total">{results.total}</dd>
            </div>
          </dl>
          <p className="admin-results__note">
            Counted in products: a product succeeds when all four of its images were stored.
          </p>
          {stoppedEarly ? <p className="admin-results__stopped">Stopped early: {stoppedEarly}</p> : null}
          {failures.length > 0 ? (
            <details className="admin-results__failures">
              <summary>
                {failures.length === 1
                  ? '1 product kept its previous images'
                  : `${failures.length} products kept their previous images`}
              </summary>
              <ul>
                {failures.map((f) => (
                  <li key={f.name}>
                    <strong>{f.name}</strong>: {f.error}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
      <UndoRun />
    </section>
  )
}
