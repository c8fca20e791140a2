import { ErrorSummary } from '../../../components/admin/ErrorSummary.tsx'
import { fieldId, FieldList } from '../../../components/form/Field.tsx'
import { PRODUCT_FIELDS, type ProductField } from '../../../domain/product-form.ts'
import type { ProductFormData } from './product-form-data.ts'
import { DRAFT_ID_SPEC, neededLabels, PRODUCT_SPECS, type ListedField } from './product-fields.ts'

type Props = ProductFormData & {
  action: string
  isNew: boolean
  /** An existing product whose web address may still change (a draft never published). */
  idEditable?: boolean
  submitLabel: string
  hint: string
  formId?: string
}

export function ProductForm(props: Props) {
  const { action, isNew, idEditable, submitLabel, hint, values, errors, base, formId } = props
  // A new product's photograph is uploaded on its own page once it exists, never typed; a product's
  // web address is fixed once it has been on the shop.
  const names = PRODUCT_FIELDS.filter((f) =>
    f === 'mainImage' ? !isNew : f === 'id' ? isNew || idEditable || errors.id !== undefined : true,
  )
  const specs = isNew ? PRODUCT_SPECS : { ...PRODUCT_SPECS, id: DRAFT_ID_SPEC }
  const listed = (fields: readonly ProductField[]) => fields.filter((f): f is ListedField => f !== 'showFewLeft')
  const box = names.indexOf('showFewLeft')
  return (
    <form id={formId} className="product-form form-card" method="post" action={action} noValidate>
      <input type="hidden" name="base" value={base} />
      <ErrorSummary idPrefix="product" order={names} errors={errors} />
      <FieldList
        idPrefix="product"
        names={listed(names.slice(0, box))}
        specs={specs}
        errors={errors}
        initial={values}
      />
      <FewLeftBox checked={values.showFewLeft === 'on'} />
      <FieldList idPrefix="product" names={listed(names.slice(box))} specs={specs} errors={errors} initial={values} />
      {/* Last, by Save: above the fields it moved some to where Chromium, tabbing to a field already on
          screen, leaves it under the Save bar. Each field also says it is needed (aria-required). */}
      <p className="product-form__needed">Needed to save: {neededLabels(names, specs).join(', ')}.</p>
      {/* Stays at the bottom of the screen while the form is in view: Save is never a long scroll away. */}
      <div className="product-form__actions">
        <button type="submit" className="btn btn-primary">
          {submitLabel}
        </button>
        <p className="product-form__hint">{hint}</p>
      </div>
    </form>
  )
}

/** A box inside its label, so the whole line is the target (the workspace's targets.scss). */
function FewLeftBox({ checked }: { checked: boolean }) {
  const id = fieldId('product', 'showFewLeft')
  return (
    <div className="field">
      <label htmlFor={id}>
        <input
          type="checkbox"
          id={id}
          name="showFewLeft"
          value="on"
          defaultChecked={checked}
          aria-describedby={`${id}-hint`}
        />
        Say “Only 1 left” on its page
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        While 1 or 2 are ready (“Only 2 left”).
      </p>
    </div>
  )
}
