import { isbot } from 'isbot'

export type Device = 'phone' | 'tablet' | 'desktop'
export type BrowserKind = { bot: boolean; device: Device }

/**
 * Browser strings repeat from view to view: each is read once (isbot's pattern
 * is long), then looked up. Forgotten at midnight with the day's salt.
 */
const known = new Map<string, BrowserKind>()
const MAX_KNOWN = 1000
/** A browser's own string is a few hundred characters: a longer one is read each time, never kept. */
const MAX_KEPT_LENGTH = 512

/** Whether a browser string is a bot's (crawlers, scripts, headless browsers), and the kind of device it runs on. */
export function browserKind(userAgent: string): BrowserKind {
  let kind = known.get(userAgent)
  if (kind) return kind
  kind = { bot: isbot(userAgent), device: deviceOf(userAgent) }
  if (userAgent.length > MAX_KEPT_LENGTH) return kind
  if (known.size >= MAX_KNOWN) known.clear()
  known.set(userAgent, kind)
  return kind
}

/** At midnight: no browser string is kept past its day. */
export function forgetBrowsers(): void {
  known.clear()
}

function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet'
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'phone'
  return 'desktop'
}
