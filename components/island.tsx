import type { ComponentType, JSX } from 'react'

/**
 * Hydrated with its rendered props (JSON in a data attribute React
 * escapes), so a page loads only the code of what can be worked.
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

/** An island a page's script fetches only when the page shows it: for a part most visits never see. */
export type LazyIsland<P extends object> = { readonly islandName: string; readonly load: () => Promise<Island<P>> }

export const lazyIsland = <P extends object>(islandName: string, load: () => Promise<Island<P>>): LazyIsland<P> => ({
  islandName,
  load,
})
