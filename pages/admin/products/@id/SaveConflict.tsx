import type { ProductField, ProductValues } from '../../../../domain/product-form.ts'
import { PRODUCT_LABELS } from '../../../../domain/product-labels.ts'
import { shownValue } from '../product-fields.ts'

type Props = { saved: ProductValues; yours: ProductValues; fields: readonly ProductField[]; address: string }

/**
 * Fields the owner changed that another tab changed too since the form was made: each by its label, the
 * saved value above theirs, one under the other, so a phone reads them whole. Everything else they
 * changed waits in the form; what they left alone is as saved now. The page opens at it (autoFocus).
 */
export function SaveConflict({ saved, yours, fields, address }: Props) {
  return (
    <div
      id="save-conflict"
      className="admin-notice admin-notice--warning conflict"
      role="alert"
      aria-labelledby="save-conflict-title"
      tabIndex={-1}
      autoFocus
    >
      <h2 id="save-conflict-title">Not saved yet: changed in two places</h2>
      <p>This product was saved in another tab or window after you opened it, so your changes were not saved yet.</p>
      <p>
        {fields.length === 1 ? 'This field was' : 'These fields were'} changed there as well as here. The form below
        holds your version of {fields.length === 1 ? 'it' : 'them'} and your other changes; the rest is as saved now.
      </p>
      <dl className="conflict__fields">
        {fields.map((f) => (
          <div key={f} className="conflict__field">
            <dt>{PRODUCT_LABELS[f]}</dt>
            <dd>
              <span className="conflict__which">Saved now:</span> {shownValue(f, saved[f] ?? '')}
            </dd>
            <dd>
              <span className="conflict__which">Yours:</span> {shownValue(f, yours[f] ?? '')}
            </dd>
          </div>
        ))}
      </dl>
      <p>
        “Save my version” keeps yours. To keep the saved one, change the field back below, or{' '}
        <a href={address}>open the saved version</a> (your changes here are then dropped).
      </p>
    </div>
  )
}
