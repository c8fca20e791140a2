import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { CONTACT_SUBJECTS } from '../domain/business.ts'
import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactField } from '../domain/contact-fields.ts'
import { ApiError, apiRequest } from '../lib/api.ts'
import { EMPTY_CONTACT, HONEYPOT_FIELD, type ContactFormState, type ContactValues } from './contact-form-state.ts'
import { notify, prepareToasts, type Notice } from './toast/notify.ts'
import './ContactForm.scss'

const SUCCESS: Notice = {
  kind: 'success',
  title: 'Message sent successfully!',
  description: "Thank you for your enquiry. We'll get back to you soon.",
}
const FAILURE_TITLE = 'Error sending message'
const FALLBACK = 'Please try again later.'

/**
 * The text of a failed send (SPEC §8): "<status>: <body>" from lib/api.ts. Our API's bodies are
 * JSON `{ error: "<sentence>" }`; the sentence is shown instead of the raw JSON. A request that never
 * reached us (offline) has no server text: the fallback.
 */
export function failureText(err: unknown): string {
  if (!(err instanceof ApiError)) return FALLBACK
  const match = /^(\d{3}): ([\s\S]*)$/.exec(err.message)
  if (!match) return err.message || FALLBACK
  try {
    const body = JSON.parse(match[2]!) as { error?: unknown }
    if (typeof body?.error === 'string' && body.error) return `${match[1]}: ${body.error}`
  } catch {
    // not JSON: shown as it came
  }
  return err.message
}

type Props = {
  /** Values, errors and a form-wide message to start from (the no-JS /contact page after a post). */
  initial?: ContactFormState | null
  /**
   * Renders the 'Send us a Message' heading at this level. Without it the page around the form
   * gives the heading (the home page's contact panel does) and the form is labelled by its name.
   */
  headingLevel?: 2 | 3
}

const FORM_NAME = 'Send us a Message'

/**
 * The schema (with valibot) is needed only by visitors who send: fetched when they first focus the
 * form, and awaited on submit. A failed fetch is forgotten, so the next attempt fetches again.
 */
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
 * 'Send us a Message' (SPEC §2 contact section, §4, §5, §8). With JavaScript: checked here with the
 * shared schema, sent with lib/api.ts, answered by a toast. Without: a plain post to /contact that
 * the server checks, saves and answers with a page (post/redirect/get).
 */
export function ContactForm({ initial, headingLevel }: Props) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<ContactValues>(initial?.values ?? EMPTY_CONTACT)
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>(initial?.errors ?? {})
  const [formError, setFormError] = useState<string | undefined>(initial?.formError)
  const [honeypot, setHoneypot] = useState('')
  const [sending, setSending] = useState(false)
  /** Set from the first instant of a submit (before React re-renders), so a double click sends once. */
  const busy = useRef(false)
  /** Shown in the form only when the toast itself could not be loaded (flaky connection). */
  const [inlineNotice, setInlineNotice] = useState<Notice | null>(null)

  const Heading = headingLevel ? (`h${headingLevel}` as const) : null
  const fieldId = (f: ContactField) => `${id}-${f}`
  const errorId = (f: ContactField) => `${id}-${f}-error`

  const announce = (notice: Notice) => {
    setInlineNotice(null)
    notify(notice).catch(() => setInlineNotice(notice))
  }

  const onChange = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const field = e.target.name as ContactField
    setValues((prev) => ({ ...prev, [field]: e.target.value }))
    // An edited field's message goes; the others stay until the next submit.
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest as Partial<Record<ContactField, string>>)
  }

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (busy.current) return
    busy.current = true
    try {
      await send()
    } finally {
      busy.current = false
    }
  }

  const send = async () => {
    setFormError(undefined)
    let result
    try {
      result = (await loadContactSchema()).checkContact(values)
    } catch {
      // The check could not be fetched (connection lost): nothing was sent, what was typed stays.
      announce({ kind: 'error', title: FAILURE_TITLE, description: FALLBACK })
      return
    }
    if (!result.success) {
      setErrors(result.errors)
      const first = CONTACT_FIELDS.find((f) => result.errors[f])
      if (first) document.getElementById(fieldId(first))?.focus()
      return
    }
    setErrors({})
    setSending(true)
    void prepareToasts().catch(() => {}) // fetch the toast code while the message travels
    try {
      await apiRequest('POST', '/api/contact', { ...result.output, [HONEYPOT_FIELD]: honeypot })
      setValues(EMPTY_CONTACT)
      announce(SUCCESS)
    } catch (err) {
      // What the visitor typed stays in the form.
      announce({ kind: 'error', title: FAILURE_TITLE, description: failureText(err) })
    } finally {
      setSending(false)
    }
  }

  // The visitor has started: fetch the check and the toast code now, so both are ready (and the
  // toasts' live region in place) by the time the message is sent.
  const prepare = () => {
    void loadContactSchema().catch(() => {})
    void prepareToasts().catch(() => {})
  }

  const control = (f: ContactField) => ({
    id: fieldId(f),
    name: f,
    value: values[f],
    onChange,
    required: true,
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? errorId(f) : undefined,
  })

  const error = (f: ContactField) =>
    errors[f] ? (
      <p className="field__error" id={errorId(f)}>
        {errors[f]}
      </p>
    ) : null

  return (
    <form
      ref={formRef}
      id="contact-form"
      className="contact-form"
      method="post"
      action="/contact"
      noValidate
      aria-labelledby={Heading ? `${id}-title` : undefined}
      aria-label={Heading ? undefined : FORM_NAME}
      aria-busy={sending || undefined}
      onSubmit={onSubmit}
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
        <div className="field">
          <label htmlFor={fieldId('firstName')}>First name</label>
          <input type="text" autoComplete="given-name" maxLength={CONTACT_LIMITS.name} {...control('firstName')} />
          {error('firstName')}
        </div>
        <div className="field">
          <label htmlFor={fieldId('lastName')}>Last name</label>
          <input type="text" autoComplete="family-name" maxLength={CONTACT_LIMITS.name} {...control('lastName')} />
          {error('lastName')}
        </div>
        <div className="field field--wide">
          <label htmlFor={fieldId('email')}>Email</label>
          <input type="email" autoComplete="email" inputMode="email" maxLength={CONTACT_LIMITS.email} {...control('email')} />
          {error('email')}
        </div>
        <div className="field field--wide">
          <label htmlFor={fieldId('subject')}>Subject</label>
          <select {...control('subject')}>
            <option value="">Select a subject</option>
            {CONTACT_SUBJECTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          {error('subject')}
        </div>
        <div className="field field--wide">
          <label htmlFor={fieldId('message')}>Message</label>
          <textarea rows={6} maxLength={CONTACT_LIMITS.message} {...control('message')} />
          {error('message')}
        </div>
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
          value={honeypot}
          onChange={(e) => setHoneypot(e.target.value)}
        />
      </div>

      <button type="submit" className="btn btn-primary contact-form__submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>

      {inlineNotice ? (
        <div className={`contact-form__notice contact-form__notice--${inlineNotice.kind}`} role={inlineNotice.kind === 'error' ? 'alert' : 'status'}>
          <p className="contact-form__notice-title">{inlineNotice.title}</p>
          {inlineNotice.description ? <p>{inlineNotice.description}</p> : null}
        </div>
      ) : null}
    </form>
  )
}

export default ContactForm
