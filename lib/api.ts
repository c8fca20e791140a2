import type { MoveRequest, OrderAnswer } from '../domain/product-order.ts'

/** The browser's one way of talking to our API; error text is "<status>: <body text or status text>". */

export class ApiError extends Error {
  override name = 'ApiError'

  constructor(
    readonly status: number,
    readonly body: unknown,
    text: string,
  ) {
    super(`${status}: ${text}`)
  }

  get serverError(): string | undefined {
    const error = (this.body as { error?: unknown } | null)?.error
    return typeof error === 'string' && error ? error : undefined
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const text = (await res.text()) || res.statusText
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: the text itself
  }
  throw new ApiError(res.status, body, text)
}

export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  options: { accept?: string } = {},
): Promise<Response> {
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

/** Moves a product in the shop's order; answers with the order after the move. */
export async function moveProduct(move: MoveRequest): Promise<OrderAnswer> {
  return (await (await apiRequest('POST', '/api/admin/products/order', move)).json()) as OrderAnswer
}

export type On401 = 'throw' | 'returnNull'

/** The default data fetch: a GET with credentials, parsed as JSON. `on401: 'returnNull'` turns a 401 into null. */
export async function apiGet<T>(url: string, options: { on401?: On401 } = {}): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include' })
  if (options.on401 === 'returnNull' && res.status === 401) return null
  await throwIfNotOk(res)
  return (await res.json()) as T
}

/**
 * A multipart POST through XMLHttpRequest, the one browser API that reports upload progress (`onProgress` gets 0 to 1).
 */
export function postWithProgress<T>(url: string, body: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total)
    }
    // Every byte has gone: the server's work on it starts now.
    xhr.upload.onload = () => onProgress(1)
    xhr.onload = () => {
      let parsed: unknown = xhr.responseText
      try {
        parsed = JSON.parse(xhr.responseText)
      } catch {
        // not JSON: the text itself
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as T)
      else reject(new ApiError(xhr.status, parsed, xhr.responseText || xhr.statusText))
    }
    xhr.onerror = () => reject(new TypeError('The upload could not reach the server.'))
    xhr.send(body)
  })
}
