import type { ReactNode } from 'react'

const errorIdFor = (controlId: string) => `${controlId}-error`

function controlProps(id: string, name: string, error: string | undefined) {
  return {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorIdFor(id) : undefined,
  } as const
}

type Props = {
  id: string
  label: string
  error?: string
  wide?: boolean
  children: ReactNode
}

function Field({ id, label, error, wide, children }: Props) {
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label htmlFor={id}>{label}</label>
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
  control:
    | { kind: 'input'; type: 'text' | 'email' | 'tel'; inputMode?: 'email' | 'tel' }
    | { kind: 'textarea'; rows: number }
    | { kind: 'select'; placeholder: string; options: readonly { value: string; label: string }[] }
  autoComplete?: string
  maxLength?: number
  wide?: boolean
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
    const id = `${idPrefix}-${name}`
    const props = { ...controlProps(id, name, errors[name]), defaultValue: initial?.[name] ?? '', required, autoComplete: f.autoComplete }
    const { control } = f
    return (
      <Field key={name} id={id} label={f.label} error={errors[name]} wide={f.wide}>
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
