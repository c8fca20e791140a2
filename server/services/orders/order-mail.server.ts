import escapeHtml from 'escape-html'
import type { StoredOrder } from '../../../data/order.server.ts'
import { COMPANY } from '../../../domain/business.ts'
import { showInvisible } from '../../../domain/plain-text.ts'
import { moneyText, OVERSOLD, PRODUCT_NOT_RECOGNISED } from '../../../domain/shop-order.ts'
import { headerSafe, type OwnerMail } from '../enquiry-mail.server.ts'

/** The delivery address on lines, as the customer gave it to Stripe. */
export function deliveryLines(order: StoredOrder): string[] {
  const delivery = order.customer?.delivery
  const a = delivery?.address
  const lines = [
    delivery?.name,
    a?.line1,
    a?.line2,
    [a?.city, a?.state].filter(Boolean).join(', '),
    a?.postalCode,
    a?.country,
  ]
  return lines.filter((l): l is string => Boolean(l))
}

/** 'Oxford Brogue, size 42' or 'product not recognised (gift-card)'. */
export function productText(order: StoredOrder): string {
  if (!order.productId) return `${PRODUCT_NOT_RECOGNISED}${order.reference ? ` (${order.reference})` : ''}`
  return `${order.productName ?? order.productId}${order.size ? `, size ${order.size}` : ''}`
}

export const amountText = (order: StoredOrder) =>
  order.amountTotal !== undefined && order.currency ? moneyText(order.amountTotal, order.currency) : 'amount unknown'

/**
 * The owner's e-mail about a paid order: what to send, where, and to whom (Reply-To the customer).
 * Nothing is ever sent to the customer by the shop.
 */
export function buildOrderMail(order: StoredOrder, { from, to }: { from: string; to: string }): OwnerMail {
  const customer = order.customer
  const paid = new Date(order.paidAt ?? order.createdAt)
  const when = Number.isNaN(paid.getTime())
    ? order.createdAt
    : paid.toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'full', timeStyle: 'short' })
  // Each value on one line, its controls written out: nothing the customer typed can pass for another field.
  const rows: [string, string][] = [
    ['Product', productText(order)],
    ['Paid', `${amountText(order)}, ${when}`],
    ...(order.oversold ? ([['Stock', OVERSOLD]] as [string, string][]) : []),
    ['Name', customer?.name ?? ''],
    ['E-mail', customer?.email ?? ''],
    ['Phone', customer?.phone ?? ''],
    ['Deliver to', deliveryLines(order).join(', ')],
    ['Order', order.id],
    ['Stripe payment', order.paymentIntent ?? order.sessionId ?? ''],
  ].map(([k, v]) => [k, showInvisible(v ?? '')] as [string, string])
  const text = [
    `A paid order on the ${COMPANY.brand} website.`,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    '--',
    'Reply to this e-mail to write to the customer. Mark the order as sent in the workspace once it has gone.',
  ].join('\n')
  const cell = 'padding:4px 12px 4px 0;vertical-align:top;'
  const row = ([k, v]: readonly [string, string]) =>
    `<tr><th scope="row" align="left" style="${cell}">${escapeHtml(k)}</th>` +
    `<td style="${cell}">${escapeHtml(v)}</td></tr>`
  const subject = `Order paid: ${productText(order)} (${amountText(order)})`
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#231912;line-height:1.5;">
<p>A paid order on the ${escapeHtml(COMPANY.brand)} website.</p>
<table role="presentation" style="border-collapse:collapse;">
${rows.map(row).join('\n')}
</table>
<hr style="border:0;border-top:1px solid #e6d8c4;margin:16px 0;">
<p style="color:#5a4636;font-size:13px;">Reply to this e-mail to write to the customer. Mark the order as sent in
the workspace once it has gone.</p>
</body></html>`
  const email = customer?.email ? headerSafe(customer.email) : ''
  return {
    from: headerSafe(from),
    to: headerSafe(to),
    ...(email ? { replyTo: { name: headerSafe(customer?.name ?? ''), address: email } } : {}),
    subject: headerSafe(`${order.oversold ? '[Oversold] ' : ''}${subject}`),
    text,
    html,
    headers: { 'X-Order-Id': headerSafe(order.id) },
  }
}
