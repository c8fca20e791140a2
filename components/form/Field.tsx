import type { ReactNode } from 'react'

const errorIdFor = (controlId: string) => `${controlId}-error`
const hintIdFor = (controlId: string) => `${controlId}-hint`

/** The id of a form's field, which its label, its messages and an error summary's links name. */
export const fieldId = (idPrefix: string, name: string) => `${idPrefix}-${name}`

function controlProps(id: string, name: string, error: string | undefined, hint: string | undefined) {
  const describedBy = [hint && hintIdFor(id), error && errorIdFor(id)].filter(Boolean).join(' ')
  return {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const
}

type Props = {
  id: string
  label: string
  hint?: string
  error?: string
  wide?: boolean
  children: ReactNode
}

function Field({ id, label, hint, error, wide, children }: Props) {
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={hintIdFor(id)}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="field__error" id={errorIdFor(id)}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

export type FieldSpec = {
  label: string
  /** Where a rule applies: what to type, with an example. */
  hint?: string
  control:
    | { kind: 'input'; type: 'text' | 'email' | 'tel'; inputMode?: 'email' | 'tel' | 'decimal' | 'url' | 'numeric' }
    | { kind: 'textarea'; rows: number }
    | { kind: 'select'; placeholder: string; options: readonly { value: string; label: string }[] }
  autoComplete?: string
  maxLength?: number
  wide?: boolean
  /** Said to assistive technology on a form that checks on the server (noValidate): the form says it in words too. */
  needed?: boolean
}

type FieldListProps<K extends string> = {
  idPrefix: string
  names: readonly K[]
  /** How each of the form's fields is asked for: one entry per field, so none can be left out. */
  specs: Record<K, FieldSpec>
  errors: Partial<Record<K, string>>
  initial?: Partial<Record<K, string>>
  required?: boolean
}

/** Uncontrolled: they keep what is typed before the page's scripts run. */
export function FieldList<K extends string>({ idPrefix, names, specs, errors, initial, required }: FieldListProps<K>) {
  return names.map((name) => {
    const f = specs[name]
    const id = fieldId(idPrefix, name)
    const props = {
      ...controlProps(id, name, errors[name], f.hint),
      defaultValue: initial?.[name] ?? '',
      required,
      'aria-required': f.needed ? true : undefined,
      autoComplete: f.autoComplete,
    }
    const { control } = f
    return (
      <Field key={name} id={id} label={f.label} hint={f.hint} error={errors[name]} wide={f.wide}>
        {control.kind === 'input' ? (
          <input type={control.type} inputMode={control.inputMode} maxLength={f.maxLength} {...props} />
        ) : control.kind === 'textarea' ? (
          <textarea rows={control.rows} maxLength={f.maxLength} {...props} />
        ) : (
          <select {...props}>
            <option value="">{control.placeholder}</option>
            {control.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    )
  })
}
