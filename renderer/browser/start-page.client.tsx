import { StrictMode, startTransition, useEffect, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { Island } from '../island.tsx'
import { enhanceHeader } from './header.client.ts'
import { keepHashTargetInView } from './keep-hash-in-view.client.ts'
import { keepTyped } from './keep-typed.client.ts'
import { announceNavigation } from './navigation-status.client.ts'
import { revealOnScroll } from './reveal.client.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island brings its own props type
type AnyIsland = Island<any>

/** Everything already works as HTML before this runs; marks <html> and <body> with data-hydrated once done. */
export function startPage(islands: AnyIsland[] = []): Promise<void> {
  enhanceHeader()
  announceNavigation()
  revealOnScroll()
  keepHashTargetInView()
  return hydrateIslands(islands).then(() => {
    document.documentElement.dataset.hydrated = 'true'
    document.body.dataset.hydrated = 'true'
  })
}

function hydrateIslands(islands: AnyIsland[]): Promise<void> {
  const roots = [...document.querySelectorAll<HTMLElement>('[data-island]')]
  return Promise.all(
    roots.map((root) => {
      const island = islands.find((i) => i.islandName === root.dataset.island)
      if (!island) return undefined
      const props: object = JSON.parse(root.dataset.props ?? '{}')
      const typed = keepTyped(root)
      return new Promise<void>((resolve) => {
        const done = () => void typed.restore().then(resolve)
        // In a transition, so React yields to the browser on a slow phone instead of holding the main
        // thread for the whole island (a click on a part not yet hydrated hydrates that part first).
        startTransition(() => {
          hydrateRoot(
            root,
            <StrictMode>
              <Hydrated onHydrated={done}>
                <island.Component {...props} />
              </Hydrated>
            </StrictMode>,
          )
        })
      })
    }),
  ).then(() => undefined)
}

function Hydrated({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  useEffect(() => onHydrated(), [onHydrated])
  return children
}
