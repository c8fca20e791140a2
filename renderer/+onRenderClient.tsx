// https://vike.dev/onRenderClient: hydrate the first page, then render each client-side navigation.
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import type { OnRenderClientSync } from 'vike/types'
import { PageShell } from './PageShell.tsx'
import { resolveHead } from './types.ts'

let root: Root | undefined

export const onRenderClient: OnRenderClientSync = (pageContext) => {
  const page = <PageShell pageContext={pageContext} />
  const container = document.getElementById('root')!
  if (pageContext.isHydration) {
    root = hydrateRoot(container, page)
    return

  }
  root ??= createRoot(container)
  root.render(page)
  const title = resolveHead(pageContext.config.title, pageContext)
  if (title) document.title = title
  const description = resolveHead(pageContext.config.description, pageContext)
  if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description)
}
