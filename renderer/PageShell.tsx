import { StrictMode, useEffect } from 'react'
import type { PageContext } from 'vike/types'
import { Layout } from './Layout.tsx'
import { PageContextProvider } from './PageContextProvider.tsx'

type Props = {
  pageContext: PageContext
  /** Browser only: called once the server's HTML has been hydrated (effects run after the commit). */
  onHydrated?: () => void
}

/** What both the server and the browser render for any page. */
export function PageShell({ pageContext, onHydrated }: Props) {
  const { Page } = pageContext
  useEffect(() => onHydrated?.(), [onHydrated])
  return (
    <StrictMode>
      <PageContextProvider pageContext={pageContext}>
        <Layout>{Page ? <Page /> : null}</Layout>
      </PageContextProvider>
    </StrictMode>
  )
}
