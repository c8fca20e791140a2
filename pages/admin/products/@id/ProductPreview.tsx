import { useEffect, useState } from 'react'
import { ProductCard } from '../../../../components/ProductCard.tsx'
import type { ProductValues } from '../../../../domain/product-form.ts'
import { NO_PHOTO } from '../../../../domain/no-photo.ts'
import type { Product } from '../../../../domain/product.ts'
import { priceAsShown } from '../../../../domain/typed-price.ts'
import { island } from '../../../../components/island.tsx'
import { useHydrated } from '../../../../renderer/useHydrated.ts'
import { STORED_CHANGE, storedValues } from '../follow-stored.ts'

/**
 * The fields the card shows; the photograph is the stored one (a half-typed address would only fetch a missing file).
 */
const SHOWN = ['name', 'price', 'description', 'availability', 'leadTime', 'stock', 'category', 'sku'] as const

type Props = { formId: string; values: ProductValues }

function fromForm(opened: ProductValues, form: HTMLFormElement): ProductValues {
  const data = new FormData(form)
  // The photograph as stored now: an upload on this page changes it.
  const next = { ...opened, mainImage: storedValues(form).mainImage ?? opened.mainImage }
  for (const field of SHOWN) {
    const value = data.get(field)
    if (typeof value === 'string') next[field] = value.trim()
  }
  return next
}

/** As typed, the price as the shop will show it once saved ('375' as £375.00). */
const cardOf = (values: ProductValues): Product => ({
  ...values,
  price: priceAsShown(values.price) ?? values.price,
  id: `preview-${values.id}`,
  mainImage: values.mainImage || NO_PHOTO,
  category: values.category as Product['category'],
  availability: values.availability as Product['availability'],
  stock: /^\d+$/.test(values.stock ?? '') ? Number(values.stock) : undefined,
  showFewLeft: values.showFewLeft === 'on',
})

/**
 * The product's card as visitors see it; with scripts it follows the
 * form as the owner types, reading the form and never writing to it.
 */
function ProductPreview({ formId, values }: Props) {
  const [shown, setShown] = useState(values)
  const hydrated = useHydrated()
  useEffect(() => {
    const form = document.getElementById(formId)
    if (!(form instanceof HTMLFormElement)) return
    // What was typed before the script ran shows at once.
    const read = () => setShown(fromForm(values, form))
    read()
    const heard = ['input', 'change', STORED_CHANGE]
    for (const type of heard) form.addEventListener(type, read)
    return () => {
      for (const type of heard) form.removeEventListener(type, read)
    }
  }, [formId, values])
  return (
    <section className="product-preview" aria-labelledby="product-preview-title">
      <h2 id="product-preview-title">The card on the site</h2>
      <p className="product-preview__hint" aria-live="off">
        {hydrated
          ? 'It follows the form as you type; visitors see the change once you save.'
          : 'As it was when this page opened.'}
      </p>
      {/* A picture of the card, not a second form: its links and button take no tap or focus. */}
      <div className="product-preview__card" inert>
        <ProductCard product={cardOf(shown)} eager={false} headingLevel={3} />
      </div>
    </section>
  )
}

export const ProductPreviewIsland = island('product-preview', ProductPreview)
