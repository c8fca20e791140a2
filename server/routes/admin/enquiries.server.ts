/** The owner's inbox's actions (docs/api-and-data.md); its pages are pages/admin/enquiries/. */
import express, { type Request, type Response } from 'express'
import type { StoredEnquiry } from '../../../data/enquiry.server.ts'
import { StoreWriteError, UnknownEnquiryError, type Store } from '../../../data/store.server.ts'
import { INBOX_NOTICES, inboxQuery, parseInboxFilter, type InboxFilter } from '../../../domain/inbox.ts'
import { enquiriesCsv } from '../../services/enquiry-csv.server.ts'
import { filterEnquiries } from '../../services/inbox.server.ts'
import type { MailOutbox } from '../../services/mail-outbox.server.ts'
import type { OwnerInbox } from '../../services/owner-inbox.server.ts'
import type { PageRoutes } from './index.server.ts'
import { jsonBody } from '../../http/json-body.server.ts'

const INBOX = '/admin/enquiries'

type Action = (m: StoredEnquiry, deps: { store: Store; outbox: MailOutbox }) => Promise<string>

const now = () => new Date().toISOString()
const without = (m: StoredEnquiry, ...keys: string[]) => {
  const copy: Record<string, unknown> = { ...m }
  for (const key of keys) delete copy[key]
  return copy as StoredEnquiry
}

async function markAnswered(store: Store, m: StoredEnquiry): Promise<void> {
  const at = now()
  await store.updateEnquiry(m.id, (x) => ({ ...x, readAt: x.readAt ?? at, answeredAt: at }))
}

const ACTIONS: Record<string, Action> = {
  async unread(m, { store }) {
    await store.updateEnquiry(m.id, (x) => without(x, 'readAt', 'answeredAt'))
    return 'unread'
  },
  async answered(m, { store }) {
    await markAnswered(store, m)
    return 'answered'
  },
  async unanswered(m, { store }) {
    await store.updateEnquiry(m.id, (x) => without(x, 'answeredAt'))
    return 'unanswered'
  },
  // The owner's word is kept beside the rules' guess, which stays as it was.
  async spam(m, { store }) {
    await store.updateEnquiry(m.id, (x) => ({ ...x, markedSpam: true }))
    return 'spam'
  },
  async 'not-spam'(m, { store }) {
    await store.updateEnquiry(m.id, (x) => ({ ...x, markedSpam: false }))
    return 'not-spam'
  },
  async archive(m, { store }) {
    await store.setArchived(m.id, true)
    return 'archived'
  },
  async unarchive(m, { store }) {
    await store.setArchived(m.id, false)
    return 'unarchived'
  },
  async resend(m, { outbox }) {
    const outcome = await outbox.sendAgain(m.id)
    return { queued: 'queued', sent: 'sent', off: 'mail-off', archived: 'not-sent-archived', unknown: 'gone' }[outcome]
  },
}

/** A page's script asking (`Accept: application/json`) rather than a form posting. */
const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json'

function answerJson(res: Response, status: number, body: object) {
  res.status(status).setHeader('Cache-Control', 'private, no-store')
  res.json(body)
}

/** Back to a page of the inbox with a notice, keeping the list's filter. */
function redirectTo(res: Response, path: string, filter: InboxFilter, done: string) {
  const query = new URLSearchParams(inboxQuery(filter))
  query.set('done', done)
  res.redirect(303, `${path}?${query.toString()}`)
}

/**
 * Marked answered, then on to the reply: a script (which opens the mail app on the same tap) gets the
 * enquiry as it now stands; a form lands on its page, which says so and offers the reply's link. A
 * redirect to mailto: would be refused by the page's own CSP (form-action governs a post's redirect).
 */
async function reply(req: Request, res: Response, inbox: OwnerInbox, store: Store, m: StoredEnquiry, page: string) {
  const filter = parseInboxFilter(req.query)
  await markAnswered(store, m)
  if (!wantsJson(req)) return redirectTo(res, page, filter, 'replied')
  const now = await inbox.find(m.id)
  if (!now) return void answerJson(res, 404, { error: INBOX_NOTICES.gone })
  const shown = {
    filter,
    notice: INBOX_NOTICES.replied!,
    confirmDelete: req.query.confirm === 'delete',
    replyReady: true,
  }
  answerJson(res, 200, { enquiry: inbox.view(now, shown) })
}

export const enquiryRoutes: PageRoutes = ({ actions }, { services: { store, outbox, inbox } }) => {
  actions.get('/enquiries.csv', async (req, res) => {
    const all = await store.allEnquiries()
    const chosen = req.query.all === '1' ? all : filterEnquiries(all, parseInboxFilter(req.query))
    const day = now().slice(0, 10)
    res.setHeader('Content-Type', 'text/csv; charset=utf-8')
    res.setHeader('Content-Disposition', `attachment; filename="enquiries-${day}.csv"`)
    for (const chunk of enquiriesCsv(chosen)) res.write(chunk)
    res.end()
  })

  // Opening an enquiry reads it (a GET, never a HEAD); should the file refuse the mark, the owner still reads it.
  actions.get('/enquiries/:id', async (req, res, next) => {
    const m = req.method === 'GET' ? await inbox.find(String(req.params.id)) : undefined
    if (m && !m.readAt) {
      const at = now()
      await store.updateEnquiry(m.id, (x) => ({ ...x, readAt: x.readAt ?? at })).catch(() => undefined)
    }
    next()
  })

  actions.post(
    '/enquiries/:id',
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 20 }),
    // The page's script posts the same fields as JSON.
    jsonBody('4kb'),
    async (req, res) => {
      const filter = parseInboxFilter(req.query)
      const m = await inbox.find(String(req.params.id))
      if (!m && wantsJson(req)) return answerJson(res, 404, { error: INBOX_NOTICES.gone })
      if (!m) return redirectTo(res, INBOX, filter, 'gone')
      const body = (req.body ?? {}) as Record<string, unknown>
      const action = typeof body.action === 'string' ? body.action : ''
      const page = `${INBOX}/${encodeURIComponent(m.id)}`
      try {
        if (action === 'delete') {
          if (body.confirm !== 'yes') return redirectTo(res, page, filter, 'confirm-first')
          await store.deleteEnquiry(m.id)
          // The journal is rewritten without it just after the file: answer once that is done too.
          await store.drain()
          return redirectTo(res, INBOX, { ...filter, page: 1 }, 'deleted')
        }
        if (action === 'reply') return await reply(req, res, inbox, store, m, page)
        const run = Object.hasOwn(ACTIONS, action) ? ACTIONS[action] : undefined
        if (!run) return void res.status(400).type('text/plain; charset=utf-8').send('Unknown action.\n')
        const done = await run(m, { store, outbox })
        // Marked as new, it would be read again on its own page: back to the list.
        redirectTo(res, action === 'unread' ? INBOX : page, filter, done)
      } catch (err) {
        const failed = err instanceof UnknownEnquiryError ? 'gone' : err instanceof StoreWriteError ? 'not-saved' : null
        if (!failed) throw err
        if (wantsJson(req)) return answerJson(res, failed === 'gone' ? 404 : 503, { error: INBOX_NOTICES[failed] })
        redirectTo(res, failed === 'gone' ? INBOX : page, filter, failed)
      }
    },
  )
}
