// https://vike.dev/data: the state of a no-JS post handed over by the server (never from the URL).
import type { PageContextServer } from 'vike/types'
import type { ContactFormState } from '../../../domain/contact-fields.ts'
import type { OrderGone } from '../../../domain/order-gone.ts'

export type Data = { form: ContactFormState | null; orderGone: OrderGone | null }

export function data(pageContext: PageContextServer): Data {
  const sent = pageContext.form?.contact
  if (!sent) return { form: null, orderGone: null }
  const { orderGone, ...form } = sent
  return { form, orderGone: orderGone ?? null }
}
