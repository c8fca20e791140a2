import { fieldId } from '../../../../components/form/Field.tsx'
import { publishNeedOf, type PublishNeed } from '../../../../domain/publishing.ts'

/** Where on this page each need is given: its field of the form, or the photographs. */
export const NEED_AT: Record<PublishNeed, string> = {
  name: fieldId('product', 'name'),
  price: fieldId('product', 'price'),
  paymentLink: fieldId('product', 'paymentLink'),
  photo: 'photos',
}

/** Whether visitors see the product, and the one button that changes it; plain forms, so they work without scripts. */
export function Publishing({ address, draft, missing }: { address: string; draft: boolean; missing: string[] | null }) {
  if (!draft) {
    return (
      <section className="publishing" aria-labelledby="publishing-title">
        <h2 id="publishing-title">On the shop</h2>
        <p>Visitors see this product. Taking it off the shop keeps it here, as a draft, with its photographs.</p>
        <PostButton action={`${address}/unpublish`} label="Unpublish" className="btn btn-outline" />
      </section>
    )
  }
  return (
    <section className="publishing publishing--draft" aria-labelledby="publishing-title">
      <h2 id="publishing-title">
        <span className="draft-badge">Draft</span> Only you see this product
      </h2>
      <p>It is not on the shop. The card below is how visitors will see it once you publish it.</p>
      {missing ? (
        // The page opens at the refusal (see ErrorSummary).
        <div className="admin-notice admin-notice--warning" role="alert" tabIndex={-1} autoFocus>
          <p>It cannot be published yet. It still needs:</p>
          <ul>
            {missing.map((m) => {
              const need = publishNeedOf(m)
              return <li key={m}>{need ? <a href={`#${NEED_AT[need]}`}>{m}</a> : m}</li>
            })}
          </ul>
        </div>
      ) : null}
      <PostButton action={`${address}/publish`} label="Publish" className="btn btn-primary" />
    </section>
  )
}

const PostButton = ({ action, label, className }: { action: string; label: string; className: string }) => (
  <form method="post" action={action}>
    <button type="submit" className={className}>
      {label}
    </button>
  </form>
)
