import { IMAGE_ANGLES } from '../../../domain/business.ts'
import {
  ANGLE_LABELS,
  estimateRun,
  formatUsd,
  IMAGE_CONCURRENCY,
  IMAGE_PRICE_USD,
  IMAGE_SIZE,
} from '../../../domain/image-generation.ts'
import { ukTime } from '../../../domain/uk-time.ts'
import { adminStore } from '../../../stores/admin-store.ts'

const DEFAULT_MODEL = 'gpt-image-1'

export function GenerationNotes() {
  const count = adminStore.useSelector((s) => s.products.length)
  const server = adminStore.useSelector((s) => s.server)
  const allowance = adminStore.useSelector((s) => s.allowance)
  const model = server?.model ?? DEFAULT_MODEL
  const concurrency = server?.concurrency ?? IMAGE_CONCURRENCY
  const estimate = estimateRun(count, model, concurrency)
  const price = IMAGE_PRICE_USD[model]
  const angles = IMAGE_ANGLES.map((a) => ANGLE_LABELS[a])
  const angleList = `${angles.slice(0, -1).join(', ')} and ${angles.at(-1)}`

  return (
    <section className="admin-card admin-notes" aria-labelledby="notes-heading">
      <h2 id="notes-heading">About the generation</h2>
      <ul>
        <li>
          <strong>4 angles per product</strong>: {angleList}, in one consistent studio style across the catalogue —{' '}
          {estimate.images} images for {count} products.
        </li>
        <li>
          <strong>{IMAGE_SIZE}</strong> at the highest quality the model offers ({model}). Each image is stored on this
          server beside the data file and served as WebP at 400, 800 and 1024 px, so phones download a small file.
        </li>
        <li>
          <strong>Cost</strong>:{' '}
          {estimate.costUsd !== null && price !== undefined
            ? `about ${formatUsd(estimate.costUsd)} per run at OpenAI's list price ` +
              `for ${model} (${formatUsd(price)} per image), charged to the OpenAI ` +
              `account of the server's API key.`
            : `${estimate.images} images per run at OpenAI's price for ${model}, ` +
              `charged to the OpenAI account of the server's API key.`}{' '}
          Once an image of a product fails, that product's remaining images are not requested.
        </li>
        {allowance ? (
          <li>
            <strong>Daily limit</strong>: at most {allowance.limit} images in any 24 hours, whoever asks (
            <code>IMAGE_DAILY_LIMIT</code>, two full runs unless set). {allowance.used} used in the last 24 hours,{' '}
            <span data-testid="allowance-left">{allowance.left}</span> left
            {allowance.left < estimate.images && allowance.nextFreedAt
              ? `; more from ${ukTime(allowance.nextFreedAt)}`
              : ''}
            .
          </li>
        ) : null}
        <li>
          <strong>Time</strong>: about {estimate.minutes} {estimate.minutes === 1 ? 'minute' : 'minutes'}, {concurrency}{' '}
          images at a time. You may leave this page: the run carries on and saves each product as soon as its four
          images are stored. One run at a time.
        </li>
        <li>
          <strong>Results count products</strong>: <em>Successful</em> products got all four new images and now show the
          new main image; <em>Failed</em> products had at least one image fail and keep their previous images;{' '}
          <em>Total</em> is the number of products attempted.
        </li>
      </ul>
    </section>
  )
}
