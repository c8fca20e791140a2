import { useEffect, type FormEvent } from 'react'
import { IMAGE_ANGLES } from '../../../../domain/business.ts'
import { ANGLE_LABELS, type ImageAllowance } from '../../../../domain/image-generation.ts'
import { photoListVersion } from '../../../../domain/photo-list.ts'
import type { PhotoOffer } from '../../../../domain/photo-offers.ts'
import { ukMoment } from '../../../../domain/uk-time.ts'
import { useHydrated } from '../../../../renderer/useHydrated.ts'
import { productPhotosStore } from '../../../../stores/product-photos-store.ts'

/** Images one run of the four angles asks for (retries aside). */
const ANGLE_IMAGES = IMAGE_ANGLES.length

/**
 * Generating the four angles (a form that posts; the page shows how far it got) and the new photographs to choose from.
 */
export function NewAngles() {
  const id = productPhotosStore.useSelector((s) => s.id)
  const view = productPhotosStore.useSelector((s) => s.angles.view)
  const offers = productPhotosStore.useSelector((s) => s.angles.offers)
  const refused = productPhotosStore.useSelector((s) => s.anglesError)
  const generate = productPhotosStore.useSelector((s) => s.generate)
  const follow = productPhotosStore.useSelector((s) => s.follow)
  const refreshHref = productPhotosStore.useSelector((s) => s.refreshHref)
  const notice = productPhotosStore.useSelector((s) => s.anglesNotice)
  const hydrated = useHydrated()
  const page = `/admin/products/${encodeURIComponent(id)}`
  const running = view.running
  const error = refused ?? view.error

  const store = productPhotosStore.useStoreApi()
  useEffect(() => {
    if (store.getState().angles.view.running) void follow()
  }, [follow, store])

  const onSubmit = (e: FormEvent) => {
    if (!hydrated) return
    e.preventDefault()
    void generate()
  }

  return (
    <section id="new-photos" className="new-photos" aria-labelledby="new-photos-title">
      <h3 id="new-photos-title">New photographs</h3>
      <p>
        Generate a main view, a 45-degree view, the side profile and a detail of this product. They wait here: the shop
        changes only when you choose one.
      </p>
      {!view.configured ? (
        <p className="new-photos__note">Image generation is not set up on this server: OPENAI_API_KEY is not set.</p>
      ) : null}
      {view.busyElsewhere ? (
        <p className="new-photos__note">
          Another image generation is running; this one can start when it has finished.
        </p>
      ) : null}
      {/* Paid for: it says what it costs and asks first, with scripts or without (a <details>). */}
      {view.configured ? (
        <details className="new-photos__ask">
          <summary className="btn btn-outline">Generate the four angles…</summary>
          <Cost allowance={view.allowance} />
          {view.allowance.left >= ANGLE_IMAGES ? (
            <form method="post" action={`${page}/angles`} onSubmit={onSubmit}>
              {/* Once hydrated, never disabled by a run: a disabled button would drop the focus. */}
              <button
                type="submit"
                className="btn btn-primary"
                disabled={!hydrated && Boolean(running)}
                aria-disabled={(hydrated && Boolean(running)) || undefined}
              >
                Generate the four angles: use {ANGLE_IMAGES} images
              </button>
            </form>
          ) : null}
        </details>
      ) : null}
      {running ? (
        <div className="new-photos__progress">
          <div
            className="new-photos__track"
            role="progressbar"
            aria-label="Generating the four angles"
            aria-valuemin={0}
            aria-valuemax={running.images}
            aria-valuenow={running.done}
            aria-valuetext={`${running.done} of ${running.images} images`}
          >
            <div
              className="new-photos__fill"
              style={{ width: `${Math.round((running.done / Math.max(1, running.images)) * 100)}%` }}
            />
          </div>
          {hydrated ? null : (
            <p>
              <a href={refreshHref}>Refresh to see how far it got</a>
            </p>
          )}
        </div>
      ) : null}
      <p className="new-photos__status" role="status">
        {running ? `${running.status} (${running.done} of ${running.images} done)` : notice}
      </p>
      {error ? (
        // A refusal the server answered the form with: the page opens at it (see ErrorSummary).
        <p className="field__error" role="alert" tabIndex={refused ? -1 : undefined} autoFocus={Boolean(refused)}>
          {error}
        </p>
      ) : null}
      {offers.map((offer) => (
        <Offer key={offer.id} offer={offer} page={page} />
      ))}
    </section>
  )
}

/** What a run costs and what is left of the daily image limit: each image is paid for. */
function Cost({ allowance }: { allowance: ImageAllowance }) {
  const { left, limit, nextFreedAt } = allowance
  const today = `Today's allowance: ${left} of ${limit} images left (the daily image limit counts the last 24 hours)`
  return (
    <div className="new-photos__cost">
      <p>
        This asks the image service for {ANGLE_IMAGES} new images, each one paid for (an image asked for again after a
        failure counts again).
      </p>
      <p>
        {left >= ANGLE_IMAGES
          ? `${today}. This uses ${ANGLE_IMAGES} of them.`
          : `${today}: not enough for the four angles.${nextFreedAt ? ` More are free from ${ukMoment(nextFreedAt)}.` : ''}`}
      </p>
    </div>
  )
}

function Offer({ offer, page }: { offer: PhotoOffer; page: string }) {
  const name = productPhotosStore.useSelector((s) => s.name)
  // A choice is refused once the product's photographs changed since this form was made.
  const version = photoListVersion(productPhotosStore.useSelector((s) => s.photos))
  const action = `${page}/photos/choose`
  const when = ukMoment(offer.at)
  return (
    <div className="new-photos__offer">
      <p>
        Made <time dateTime={offer.at}>{when}</time>: not on the site until you choose.
      </p>
      <ul className="product-photos__list new-photos__list">
        {offer.photos.map((photo) => (
          <li key={photo.src} className="product-photos__item">
            <img
              src={photo.src}
              alt={`${name}, new ${ANGLE_LABELS[photo.angle]}`}
              width={120}
              height={120}
              loading="lazy"
              decoding="async"
            />
            <p className="product-photos__label">New {ANGLE_LABELS[photo.angle]}</p>
            <form method="post" action={action} className="product-photos__actions">
              <input type="hidden" name="offer" value={offer.id} />
              <input type="hidden" name="src" value={photo.src} />
              <input type="hidden" name="version" value={version} />
              <button type="submit" name="use" value="main" className="btn btn-outline">
                Use as main<span className="visually-hidden"> (new {ANGLE_LABELS[photo.angle]})</span>
              </button>
              <button type="submit" name="use" value="gallery" className="btn btn-outline">
                Add to the others<span className="visually-hidden"> (new {ANGLE_LABELS[photo.angle]})</span>
              </button>
            </form>
          </li>
        ))}
      </ul>
      <form method="post" action={action} className="new-photos__all">
        <input type="hidden" name="offer" value={offer.id} />
        <input type="hidden" name="version" value={version} />
        <button type="submit" name="use" value="all" className="btn btn-primary">
          Use {offer.photos.length === 1 ? 'this one' : `these ${offer.photos.length}`} instead of the current
          photographs
        </button>
        <details>
          <summary>Discard {offer.photos.length === 1 ? 'it' : 'them'}…</summary>
          <p>They are deleted; the shop keeps its photographs.</p>
          <button type="submit" name="use" value="discard" className="btn btn-danger">
            Discard the new photographs
          </button>
        </details>
      </form>
    </div>
  )
}
