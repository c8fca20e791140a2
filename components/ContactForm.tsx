import { useRef, useState, type FormEvent } from 'react'
import { island } from './island.tsx'
import { CONTACT_SUBJECTS } from '../domain/business.ts'
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  HONEYPOT_FIELD,
  type ContactField,
  type ContactFormState,
} from '../domain/contact-fields.ts'
import { ApiError, apiRequest } from '../lib/api.ts'
import { FieldList, type FieldSpec } from './form/Field.tsx'
import { clearFields, readFields, useFieldErrors } from './form/form-state.ts'
import { notify, prepareToasts } from './toast/notify.ts'
import type { Notice } from './toast/types.ts'

const SUCCESS: Notice = {
  kind: 'success',
  title: 'Message sent successfully!',
  description: "Thank you for your enquiry. We'll get back to you soon.",
}
const FAILURE_TITLE = 'Error sending message'
const FALLBACK = 'Please try again later.'

/** "<status>: <sentence>" from our JSON `{ error }` bodies, else "<status>: <body>", else the offline fallback. */
export function failureText(err: unknown): string {
  if (!(err instanceof ApiError)) return FALLBACK
  return err.serverError ? `${err.status}: ${err.serverError}` : err.message || FALLBACK
}

type Props = {
  initial?: ContactFormState | null
  /** Without it the page around the form gives the heading and the form is labelled by its name. */
  headingLevel?: 2 | 3
}

const FORM_NAME = 'Send us a Message'

const FIELDS: Record<ContactField, FieldSpec> = {
  firstName: {
    label: 'First name',
    control: { kind: 'input', type: 'text' },
    autoComplete: 'given-name',
    maxLength: CONTACT_LIMITS.name,
  },
  lastName: {
    label: 'Last name',
    control: { kind: 'input', type: 'text' },
    autoComplete: 'family-name',
    maxLength: CONTACT_LIMITS.name,
  },
  email: {
    label: 'Email',
    control: { kind: 'input', type: 'email', inputMode: 'email' },
    autoComplete: 'email',
    maxLength: CONTACT_LIMITS.email,
    wide: true,
  },
  subject: {
    label: 'Subject',
    control: { kind: 'select', placeholder: 'Select a subject', options: CONTACT_SUBJECTS },
    wide: true,
  },
  // No maxlength: it would cut a longer paste without a word; the check says how long it may be, and the text stays.
  message: { label: 'Message', control: { kind: 'textarea', rows: 6 }, wide: true },
}

/** Fetched on first focus, awaited on submit; a failed fetch is forgotten so the next attempt retries. */
let schemaModule: Promise<typeof import('../domain/contact-schema.ts')> | null = null
function loadContactSchema() {
  if (!schemaModule) {
    schemaModule = import('../domain/contact-schema.ts')
    schemaModule.catch(() => {
      schemaModule = null
    })
  }
  return schemaModule
}

/**
 * Without JavaScript a plain post to /contact (post/redirect/get); fields
 * are uncontrolled so text typed before hydration is what is sent.
 */
export function ContactForm({ initial, headingLevel }: Props) {
  // Fixed, not useId(): the form is hydrated as an island, whose place in React's tree differs between
  // the server's page and the browser's root, so generated ids would not match the painted ones.
  const id = 'enquiry'
  const { errors, onInput, show: showErrors, clear: clearErrors } = useFieldErrors<ContactField>(initial?.errors)
  const [formError, setFormError] = useState<string | undefined>(initial?.formError)
  const [sending, setSending] = useState(false)
  /** Set from the first instant of a submit (before React re-renders), so a double click sends once. */
  const busy = useRef(false)
  /** Shown in the form only when the toast itself could not be loaded (flaky connection). */
  const [inlineNotice, setInlineNotice] = useState<Notice | null>(null)

  const Heading = headingLevel ? (`h${headingLevel}` as const) : null

  const announce = (notice: Notice) => {
    setInlineNotice(null)
    notify(notice).catch(() => setInlineNotice(notice))
  }

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (busy.current) return
    busy.current = true
    try {
      await send(e.currentTarget)
    } finally {
      busy.current = false
    }
  }

  const send = async (form: HTMLFormElement) => {
    setFormError(undefined)
    const values = readFields(form, CONTACT_FIELDS)
    let result
    try {
      result = (await loadContactSchema()).checkContact(values)
    } catch {
      // The check could not be fetched (connection lost): nothing was sent, what was typed stays.
      announce({ kind: 'error', title: FAILURE_TITLE, description: FALLBACK })
      return
    }
    if (!result.success) {
      showErrors(form, result.errors, CONTACT_FIELDS)
      return
    }
    clearErrors()
    setSending(true)
    void prepareToasts().catch(() => {}) // fetch the toast code while the enquiry travels
    try {
      const honeypot = readFields(form, [HONEYPOT_FIELD])[HONEYPOT_FIELD]
      await apiRequest('POST', '/api/contact', { ...result.output, [HONEYPOT_FIELD]: honeypot })
      clearFields(form, CONTACT_FIELDS)
      announce(SUCCESS)
    } catch (err) {
      announce({ kind: 'error', title: FAILURE_TITLE, description: failureText(err) })
    } finally {
      setSending(false)
    }
  }

  // The visitor has started: fetch the check and the toast code now, so both are ready (and the
  // toasts' live region in place) by the time the enquiry is sent.
  const prepare = () => {
    void loadContactSchema().catch(() => {})
    void prepareToasts().catch(() => {})
  }

  return (
    <form
      id="contact-form"
      className="contact-form"
      method="post"
      action="/contact"
      noValidate
      aria-labelledby={Heading ? `${id}-title` : undefined}
      aria-label={Heading ? undefined : FORM_NAME}
      aria-busy={sending || undefined}
      onSubmit={onSubmit}
      onInput={onInput}
      onFocus={prepare}
    >
      {Heading ? (
        <Heading id={`${id}-title`} className="contact-form__title">
          {FORM_NAME}
        </Heading>
      ) : null}

      {formError ? (
        <p className="contact-form__alert" role="alert">
          {formError}
        </p>
      ) : null}

      <div className="contact-form__grid">
        <FieldList
          idPrefix={id}
          names={CONTACT_FIELDS}
          specs={FIELDS}
          errors={errors}
          initial={initial?.values}
          required
        />
      </div>

      {/* A trap for bots: hidden from people and assistive technology, never focused. */}
      <div className="contact-form__hp" aria-hidden="true">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Website</label>
        <input
          id={`${id}-${HONEYPOT_FIELD}`}
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <button type="submit" className="btn btn-primary contact-form__submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>

      {inlineNotice ? (
        <div
          className={`contact-form__notice contact-form__notice--${inlineNotice.kind}`}
          role={inlineNotice.kind === 'error' ? 'alert' : 'status'}
        >
          <p className="contact-form__notice-title">{inlineNotice.title}</p>
          {inlineNotice.description ? <p>{inlineNotice.description}</p> : null}
        </div>
      ) : null}
    </form>
  )
}

export const ContactFormIsland = island('contact-form', ContactForm)
