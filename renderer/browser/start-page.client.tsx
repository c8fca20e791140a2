import { StrictMode, startTransition, useEffect, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { Island, LazyIsland } from '../../components/island.tsx'
import { enhanceHeader } from './header.client.ts'
import { keepFocusClear } from './keep-focus-clear.client.ts'
import { keepHashTargetInView } from './keep-hash-in-view.client.ts'
import { keepTyped } from './keep-typed.client.ts'
import { announceNavigation } from './navigation-status.client.ts'
import { revealOnScroll } from './reveal.client.ts'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island brings its own props type
type AnyIsland = Island<any> | LazyIsland<any>

/** Everything already works as HTML before this runs; marks <html> and <body> with data-hydrated once done. */
export function startPage(islands: AnyIsland[] = []): Promise<void> {
  enhanceHeader()
  announceNavigation()
  revealOnScroll()
  keepHashTargetInView()
  keepFocusClear()
  return hydrateIslands(islands).then(() => {
    document.documentElement.dataset.hydrated = 'true'
    document.body.dataset.hydrated = 'true'
  })
}

function hydrateIslands(islands: AnyIsland[]): Promise<void> {
  const roots = [...document.querySelectorAll<HTMLElement>('[data-island]')]
  return Promise.all(
    roots.map((root) => {
      const named = islands.find((i) => i.islandName === root.dataset.island)
      if (!named) return undefined
      const typed = keepTyped(root)
      if (!('load' in named)) return hydrate(root, named, typed)
      // Until its code arrives the part works as HTML; if it never does (offline), it stays so.
      return named.load().then(
        (island) => {
          if (island.islandName !== named.islandName) throw new Error(`${named.islandName} loaded ${island.islandName}`)
          return hydrate(root, island, typed)
        },
        () => typed.restore(),
      )
    }),
  ).then(() => undefined)
}

function hydrate(root: HTMLElement, island: Island<object>, typed: ReturnType<typeof keepTyped>): Promise<void> {
  const props: object = JSON.parse(root.dataset.props ?? '{}')
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
}

function Hydrated({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  useEffect(() => onHydrated(), [onHydrated])
  return children
}
