import { fieldId } from '../form/Field.tsx'

type Props<K extends string> = {
  /** The form's field ids start with it, as its FieldList's do. */
  idPrefix: string
  /** The form's fields in the order it shows them, so the list reads as the form does. */
  order: readonly K[]
  errors: Partial<Record<K, string>>
}

const ERROR_SUMMARY_ID = 'error-summary'

/**
 * Every mistake of a form sent back, each a link to its field (the messages beside the fields stay).
 * `autoFocus` is rendered as the HTML attribute: the browser focuses it and scrolls to it as the
 * page opens, with scripts or without, however far down the form the owner tapped Save.
 */
export function ErrorSummary<K extends string>({ idPrefix, order, errors }: Props<K>) {
  const listed = order.filter((f) => errors[f])
  if (listed.length === 0) return null
  return (
    <div
      id={ERROR_SUMMARY_ID}
      className="error-summary"
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
      autoFocus
    >
      <h2 id="error-summary-title" className="error-summary__title">
        There is a problem
      </h2>
      <ul className="error-summary__list">
        {listed.map((f) => (
          <li key={f}>
            <a href={`#${fieldId(idPrefix, f)}`}>{errors[f]}</a>
          </li>
        ))}
      </ul>
    </div>
  )
}
