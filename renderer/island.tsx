import type { ComponentType, JSX } from 'react'

/**
 * A part of a page that the browser brings to life: an island. The server renders the whole page;
 * the browser hydrates only the islands, with the props they were rendered with (kept, JSON-encoded,
 * in a data attribute that React escapes), so a page loads the code of what a visitor can work and
 * nothing else. A page lists its islands in its `+client.ts` (see browser/start-page.client.tsx).
 */
export type Island<P extends object> = ((props: P) => JSX.Element) & {
  readonly islandName: string
  readonly Component: ComponentType<P>
}

export function island<P extends object>(name: string, Component: ComponentType<P>): Island<P> {
  const Root = (props: P) => (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  )
  return Object.assign(Root, { islandName: name, Component })
}
