import escapeHtml from 'escape-html'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { COMPANY, subjectLabel } from '../../domain/business.ts'
import { showInvisible } from '../../domain/plain-text.ts'

/** No header injection, and no bidi controls (an override would reorder the subject in the inbox). */
export function headerSafe(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  )
}

export type EnquiryMail = {
  from: string
  to: string
  replyTo: { name: string; address: string }
  subject: string
  text: string
  html: string
  headers: Record<string, string>
}

/** An e-mail to the owner: an enquiry's, or a paid order's (Reply-To the customer, when Stripe has their address). */
export type OwnerMail = Omit<EnquiryMail, 'replyTo'> & { replyTo?: EnquiryMail['replyTo'] }

/**
 * Reply-To is the visitor; nothing is ever sent to the visitor (no auto-reply: anyone could make us mail a stranger).
 */
export function buildEnquiryMail(enquiry: StoredEnquiry, { from, to }: { from: string; to: string }): EnquiryMail {
  const name = headerSafe(`${enquiry.firstName} ${enquiry.lastName}`)
  const label = subjectLabel(enquiry.subject)
  const received = new Date(enquiry.createdAt)
  const when = Number.isNaN(received.getTime())
    ? enquiry.createdAt
    : received.toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'full', timeStyle: 'short' })

  // Each field on one line, its controls written out (`\n`, `\u202E`): no value can pass for another
  // field. The message keeps its lines, indented, so none of them can pass for a field either.
  const rows: [string, string][] = [
    ['Name', showInvisible(`${enquiry.firstName} ${enquiry.lastName}`)],
    ['E-mail', showInvisible(enquiry.email)],
    ['Subject', showInvisible(label)],
    ['Received', showInvisible(when)],
    ['Reference', showInvisible(enquiry.id)],
    ...(enquiry.likelySpam ? ([['Likely spam', showInvisible(enquiry.likelySpam)]] as [string, string][]) : []),
  ]
  const body = showInvisible(enquiry.message.replace(/\r\n/g, '\n'), { lineBreaks: 'keep' })
  const text = [
    `New enquiry from the ${COMPANY.brand} website.`,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    'Message:',
    ...body.split('\n').map((line) => `    ${line}`),
    '',
    '--',
    `Reply to this e-mail to answer ${name} directly.`,
  ].join('\n')

  const cell = 'padding:4px 12px 4px 0;vertical-align:top;'
  const row = ([k, v]: readonly [string, string]) =>
    `<tr><th scope="row" align="left" style="${cell}">${escapeHtml(k)}</th>` +
    `<td style="${cell}">${escapeHtml(v)}</td></tr>`
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(`${label} from ${name}`)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#231912;line-height:1.5;">
<p>New enquiry from the ${escapeHtml(COMPANY.brand)} website.</p>
<table role="presentation" style="border-collapse:collapse;">
${rows.map(row).join('\n')}
</table>
<h2 style="font-size:16px;margin:16px 0 4px;">Message</h2>
<p style="white-space:pre-wrap;margin:0;">${escapeHtml(body)}</p>
<hr style="border:0;border-top:1px solid #e6d8c4;margin:16px 0;">
<p style="color:#5a4636;font-size:13px;">Reply to this e-mail to answer ${escapeHtml(name)} directly.</p>
</body></html>`

  return {
    from: headerSafe(from),
    to: headerSafe(to),
    replyTo: { name, address: headerSafe(enquiry.email) },
    subject: headerSafe(`${enquiry.likelySpam ? '[Likely spam] ' : ''}${label} from ${name}`),
    text,
    html,
    headers: { 'X-Enquiry-Id': headerSafe(enquiry.id) },
  }
}
