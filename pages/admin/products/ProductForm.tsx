import { FieldList, type FieldSpec } from '../../../components/form/Field.tsx'
import { AVAILABILITIES, AVAILABILITY_LABELS } from '../../../domain/availability.ts'
import { CATEGORIES, CATEGORY_LABELS } from '../../../domain/business.ts'
import { PRODUCT_FIELDS, type ProductField } from '../../../domain/product-form.ts'
import type { ProductFormData } from './product-form-data.ts'

const SPECS: Record<ProductField, FieldSpec> = {
  name: { label: 'Name', control: { kind: 'input', type: 'text' }, maxLength: 120 },
  id: { label: 'Address name (leave empty to make one from the name)', control: { kind: 'input', type: 'text' }, maxLength: 60 },
  price: { label: 'Price, such as £185.00', control: { kind: 'input', type: 'text' }, maxLength: 20 },
  category: { label: 'Category', control: { kind: 'select', placeholder: 'Choose a category', options: CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })) } },
  availability: { label: 'Availability', control: { kind: 'select', placeholder: 'Choose', options: AVAILABILITIES.map((a) => ({ value: a, label: AVAILABILITY_LABELS[a] })) } },
  leadTime: { label: 'Time to make, when made to order (such as 3 weeks)', control: { kind: 'input', type: 'text' }, maxLength: 60 },
  sku: { label: 'SKU (stock code)', control: { kind: 'input', type: 'text' }, maxLength: 60 },
  description: { label: 'Description', control: { kind: 'textarea', rows: 4 }, maxLength: 2000, wide: true },
  mainImage: { label: 'Main photograph (one of its photographs below, such as /media/products/oxford-brogue/photo.webp)', control: { kind: 'input', type: 'text' }, maxLength: 300, wide: true },
  paymentLink: { label: 'Card payment page (https://...)', control: { kind: 'input', type: 'text' }, maxLength: 500, wide: true },
}

type Props = ProductFormData & { action: string; isNew: boolean; submitLabel: string; hint: string; formId?: string }

export function ProductForm({ action, isNew, submitLabel, hint, values, errors, revision, base, formId }: Props) {
  // A new product's photograph is uploaded on its own page once it exists, never typed.
  const names = PRODUCT_FIELDS.filter((f) => (isNew ? f !== 'mainImage' : f !== 'id'))
  return (
    <form id={formId} className="product-form form-card" method="post" action={action} noValidate>
      <input type="hidden" name="revision" value={revision} />
      <input type="hidden" name="base" value={base} />
      <FieldList idPrefix="product" names={names} specs={SPECS} errors={errors} initial={values} />
      <div className="product-form__actions">
        <button type="submit" className="btn btn-primary">
          {submitLabel}
        </button>
        <p className="product-form__hint">{hint}</p>
      </div>
    </form>
  )
}
