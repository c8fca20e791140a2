// https://vike.dev/onRenderClient: hydrate the first page, then render each client-side navigation.
import { startTransition } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import type { OnRenderClientAsync } from 'vike/types'
import { PageShell } from './PageShell.tsx'
import { resolveHead } from './types.ts'

let root: Root | undefined

export const onRenderClient: OnRenderClientAsync = async (pageContext) => {
  const container = document.getElementById('root')!
  if (pageContext.isHydration) {
    // Hydrating in a transition lets React yield to the browser every few milliseconds instead of
    // holding a slow phone's main thread for the whole page (a click still hydrates at once).
    // Vike's onHydrationEnd waits for the commit.
    await new Promise<void>((resolve) => {
      startTransition(() => {
        root = hydrateRoot(container, <PageShell pageContext={pageContext} onHydrated={resolve} />)
      })
    })
    return
  }
  root ??= createRoot(container)
  root.render(<PageShell pageContext={pageContext} />)
  const title = resolveHead(pageContext.config.title, pageContext)
  if (title) document.title = title
  const description = resolveHead(pageContext.config.description, pageContext)
  if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description)
}
