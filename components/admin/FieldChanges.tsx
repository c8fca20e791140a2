import type { FieldChange } from '../../domain/product-changes.ts'

/** Each changed field, as the product form names it: the old value struck through, then the new one. */
export function FieldChanges({ changes }: { changes: readonly FieldChange[] }) {
  if (changes.length === 0) return null
  return (
    <dl className="field-changes">
      {changes.map((f) => (
        <div key={f.field}>
          <dt>{f.field}</dt>
          <dd>
            {f.before ? <del>{f.before}</del> : null}
            {f.before && f.after ? ' → ' : null}
            {f.after ? <ins>{f.after}</ins> : null}
          </dd>
        </div>
      ))}
    </dl>
  )
}
