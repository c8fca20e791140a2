import type { Logger } from 'pino'
import type { StoredEnquiry } from '../../data/enquiry.server.ts'
import { StoreWriteError, type Store } from '../../data/store.server.ts'
import {
  contactValuesFrom,
  isHoneypotFilled,
  type ContactFormState,
  type ContactValues,
} from '../../domain/contact-fields.ts'
import { checkContact } from '../../domain/contact-schema.ts'
import { mostlyLinks, RepeatedText } from './likely-spam.server.ts'
import type { MailOutbox } from './mail-outbox.server.ts'

export type EnquiryOutcome =
  | { kind: 'saved'; id: string }
  /** The honeypot was filled: a bot, told nothing, and nothing saved or sent. */
  | { kind: 'dropped' }
  | { kind: 'invalid'; values: ContactValues; errors: ContactFormState['errors'] }
  /** Valid, but the data file could not be written: nothing saved, what was typed kept for another go. */
  | { kind: 'saveFailed'; values: ContactValues }

export type EnquiryService = {
  /** Spam rules mark, never refuse; `log` is the request's logger; faults other than a refused write are thrown. */
  submitEnquiry(body: unknown, log: Logger): Promise<EnquiryOutcome>
}

/**
 * `sameTextLimit`: how many e-mail addresses may send one text in
 * a day before it is marked (CONTACT_RATE_LIMIT; 0 turns it off).
 */
export function createEnquiryService({
  store,
  outbox,
  sameTextLimit,
}: {
  store: Store
  outbox: MailOutbox
  sameTextLimit: number
}): EnquiryService {
  const repeated = new RepeatedText(sameTextLimit)
  repeated.remember(store.enquiries)
  const mark = (ids: readonly string[], likelySpam: string, log: Logger) => {
    for (const id of ids) {
      store
        .updateEnquiry(id, (m) => (m.likelySpam ? m : { ...m, likelySpam }))
        .catch((err: Error) => log.error({ err, enquiry: id }, 'could not mark an enquiry as likely spam'))
    }
  }
  return {
    async submitEnquiry(body, log) {
      if (isHoneypotFilled(body)) {
        log.info('enquiry dropped: honeypot filled')
        return { kind: 'dropped' }
      }
      // Read through contactValuesFrom: a missing or non-text field gets the form's own message, not valibot's.
      const values = contactValuesFrom(body)
      const checked = checkContact(values)
      if (!checked.success) return { kind: 'invalid', values, errors: checked.errors }
      const counted = repeated.count(checked.output.message, checked.output.email)
      const likelySpam = mostlyLinks(checked.output.message) ?? counted.reason
      let saved: StoredEnquiry
      try {
        saved = await store.addEnquiry({
          ...checked.output,
          notification: outbox.initialNotification(),
          ...(likelySpam ? { likelySpam } : {}),
        })
      } catch (err) {
        if (!(err instanceof StoreWriteError)) throw err
        log.error({ err }, 'enquiry not saved')
        return { kind: 'saveFailed', values }
      }
      log.info({ enquiry: saved.id, ...(likelySpam ? { likelySpam } : {}) }, 'enquiry saved')
      if (counted.reason) mark(counted.earlier, counted.reason, log)
      const late = repeated.saved(counted, saved.id)
      if (late) mark([saved.id], late, log)
      outbox.deliverSoon()
      return { kind: 'saved', id: saved.id }
    },
  }
}
