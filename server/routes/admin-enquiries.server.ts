/**
 * The owner's inbox before the page handler (docs/api-and-data.md); addresses
 * matched as the page router reads them, so every spelling gets the same.
 */
import express, { type Request, type RequestHandler, type Response } from 'express'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { StoreWriteError, UnknownEnquiryError, type Store } from '../../data/store.server.ts'
import { inboxQuery, parseInboxFilter, type InboxFilter } from '../../domain/inbox.ts'
import { isAdminPath } from '../http/owner-paths.server.ts'
import { requestPath, routePath } from '../http/request-target.server.ts'
import { addToOwnerPage, isOwnerRequest } from '../owner/owner.server.ts'
import { enquiriesCsv } from '../services/enquiry-csv.server.ts'
import { countsAsNew } from '../services/enquiry-state.server.ts'
import { filterEnquiries, enquiryView, inboxView, newEnquiryCount } from '../services/inbox.server.ts'
import type { MailOutbox } from '../services/mail-outbox.server.ts'

const INBOX = '/admin/enquiries'

/** Sentences shown after an action (`?done=`): fixed texts, so the address carries nothing else. */
const NOTICES: Record<string, string> = {
  read: 'Marked as read.',
  unread: 'Marked as new.',
  answered: 'Marked as answered.',
  // Shown with the reply's link beside it: a page can open the mail app only on a tap (Chromium).
  replied: 'Marked as answered.',
  unanswered: 'No longer marked as answered.',
  spam: 'Marked as spam: it is kept apart, under Likely spam.',
  'not-spam': 'Marked as not spam: it is back in the inbox.',
  archived: 'Archived: it stays saved, under the Archived filter.',
  unarchived: 'Back in the inbox.',
  deleted: 'The enquiry was deleted for good.',
  queued: 'Sending it again now: reload this page in a moment to see whether it went.',
  sent: 'It was e-mailed already.',
  'mail-off': 'No mail server is set up (SMTP_URL), so nothing can be sent.',
  'not-sent-archived': 'An archived enquiry is not e-mailed: unarchive it first.',
  gone: 'That enquiry is no longer there.',
  'not-saved':
    'That change could not be saved: the data file cannot be written just now. Nothing was changed; see Health.',
  'confirm-first': 'Nothing was deleted: confirm the deletion first.',
}

type Action = (m: StoredEnquiry, deps: InboxDeps) => Promise<string>

/** A table's own entry for a key the request named: `constructor` or `__proto__` are no action or notice. */
const own = <T>(table: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined

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

export type InboxDeps = { store: Store; outbox: MailOutbox }

/** An enquiry by the id in its address; ids are matched exactly, then without regard to case (the router folds it). */
async function findEnquiry(store: Store, id: string): Promise<StoredEnquiry | undefined> {
  return (
    (await store.findEnquiry(id)) ?? (await store.allEnquiries()).find((m) => m.id.toLowerCase() === id.toLowerCase())
  )
}

function notice(req: Request): string | null {
  const done = req.query.done
  return typeof done === 'string' ? (own(NOTICES, done) ?? null) : null
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

const parseForm = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 20 })
/** The page's script posts the same fields as JSON. */
const parseJson = express.json({ limit: '4kb' })

export function adminEnquiriesRoutes(deps: InboxDeps): RequestHandler {
  const { store, outbox } = deps

  const showList = (req: Request, res: Response, all: readonly StoredEnquiry[]) => {
    addToOwnerPage(res, { adminInbox: inboxView(all, parseInboxFilter(req.query), notice(req)) })
  }

  const exportCsv = async (req: Request, res: Response) => {
    const all = await store.allEnquiries()
    const chosen = req.query.all === '1' ? all : filterEnquiries(all, parseInboxFilter(req.query))
    const day = now().slice(0, 10)
    res.setHeader('Content-Type', 'text/csv; charset=utf-8')
    res.setHeader('Content-Disposition', `attachment; filename="enquiries-${day}.csv"`)
    for (const chunk of enquiriesCsv(chosen)) res.write(chunk)
    res.end()
  }

  const viewOf = (m: StoredEnquiry, req: Request, done: string | null) =>
    enquiryView(m, {
      mailConfigured: outbox.enabled,
      filter: parseInboxFilter(req.query),
      notice: done === null ? null : (own(NOTICES, done) ?? null),
      confirmDelete: req.query.confirm === 'delete',
      replyReady: done === 'replied',
    })

  const showOne = async (req: Request, res: Response, id: string) => {
    let m = await findEnquiry(store, id)
    if (m && req.method === 'GET' && !m.readAt) {
      const at = now()
      // Opening it reads it; should the file refuse the mark, the owner still reads the enquiry.
      await store.updateEnquiry(m.id, (x) => ({ ...x, readAt: x.readAt ?? at })).catch(() => undefined)
      m = (await findEnquiry(store, m.id)) ?? m
    }
    const done = typeof req.query.done === 'string' ? req.query.done : null
    addToOwnerPage(res, { adminEnquiry: m ? viewOf(m, req, done) : null })
  }

  /**
   * Marked answered, then on to the reply: a script (which opens the mail app on the same tap) gets the
   * enquiry as it now stands; a form lands on its page, which says so and offers the reply's link. A
   * redirect to mailto: would be refused by the page's own CSP (form-action governs a post's redirect).
   */
  const reply = async (req: Request, res: Response, m: StoredEnquiry, page: string) => {
    await markAnswered(store, m)
    if (!wantsJson(req)) return redirectTo(res, page, parseInboxFilter(req.query), 'replied')
    const now = await findEnquiry(store, m.id)
    if (!now) return void answerJson(res, 404, { error: NOTICES.gone })
    answerJson(res, 200, { enquiry: viewOf(now, req, 'replied') })
  }

  const act = async (req: Request, res: Response, id: string) => {
    const filter = parseInboxFilter(req.query)
    const m = await findEnquiry(store, id)
    if (!m && wantsJson(req)) return answerJson(res, 404, { error: NOTICES.gone })
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
      if (action === 'reply') return await reply(req, res, m, page)
      const run = own(ACTIONS, action)
      if (!run) return void res.status(400).type('text/plain; charset=utf-8').send('Unknown action.\n')
      const done = await run(m, deps)
      // Marked as new, it would be read again on its own page: back to the list.
      redirectTo(res, action === 'unread' ? INBOX : page, filter, done)
    } catch (err) {
      const failed = err instanceof UnknownEnquiryError ? 'gone' : err instanceof StoreWriteError ? 'not-saved' : null
      if (!failed) throw err
      if (wantsJson(req)) return answerJson(res, failed === 'gone' ? 404 : 503, { error: NOTICES[failed] })
      redirectTo(res, failed === 'gone' ? INBOX : page, filter, failed)
    }
  }

  return async (req, res, next) => {
    const raw = requestPath(req.originalUrl)
    if (!isAdminPath(raw) || !isOwnerRequest(res)) return next()
    const path = routePath(raw)
    const segments = path.split('/').slice(1)
    const isPage = req.method === 'GET' || req.method === 'HEAD'
    try {
      if (path === `${INBOX}.csv` && isPage) return await exportCsv(req, res)
      if (path === INBOX && isPage) {
        const all = await store.allEnquiries()
        showList(req, res, all)
        addToOwnerPage(res, { newEnquiries: newEnquiryCount(all) })
        return next()
      }
      if (segments.length === 3 && `/${segments[0]}/${segments[1]}` === INBOX) {
        const id = segments[2]!
        if (isPage) await showOne(req, res, id)
        else if (req.method === 'POST') {
          for (const parse of [parseForm, parseJson])
            await new Promise<void>((resolve, reject) =>
              parse(req, res, (err?: unknown) => (err ? reject(err) : resolve())),
            )
          return await act(req, res, id)
        }
      }
      // Counted after opening an enquiry has marked it read.
      if (isPage) addToOwnerPage(res, { newEnquiries: await store.countEnquiries('new', countsAsNew) })
      next()
    } catch (err) {
      next(err)
    }
  }
}
