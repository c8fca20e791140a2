/**
 * The browser's one way of talking to our API (SPEC §7–§8): credentials on every request,
 * a JSON body and header only when there is a body, and errors whose text is
 * "<status>: <body text or status text>".
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const text = (await res.text()) || res.statusText
  throw new ApiError(res.status, `${res.status}: ${text}`)
}

/**
 * A mutation or any call with a method: `apiRequest('POST', '/api/contact', body)`.
 * `accept` asks for another kind of answer, e.g. `text/event-stream` for live progress.
 */
export async function apiRequest(method: string, url: string, data?: unknown, options: { accept?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = data !== undefined ? { 'Content-Type': 'application/json' } : {}
  if (options.accept) headers.Accept = options.accept
  const res = await fetch(url, {
    method,
    headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  })
  await throwIfNotOk(res)
  return res
}

export type On401 = 'throw' | 'returnNull'

/** The default data fetch: a GET with credentials, parsed as JSON. `on401: 'returnNull'` turns a 401 into null. */
export async function apiGet<T>(url: string, options: { on401?: On401 } = {}): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include' })
  if (options.on401 === 'returnNull' && res.status === 401) return null
  await throwIfNotOk(res)
  return (await res.json()) as T
}

/** The message to show for a failed call, with SPEC §8's fallback when there is none. */
export function errorText(err: unknown, fallback = 'Please try again later.'): string {
  return err instanceof Error && err.message ? err.message : fallback
}
