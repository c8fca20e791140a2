import { StrictMode } from 'react'
import type { PageContext } from 'vike/types'
import { Layout } from './Layout.tsx'
import { PageContextProvider } from './PageContextProvider.tsx'

export function PageShell({ pageContext }: { pageContext: PageContext }) {
  const { Page } = pageContext
  return (
    <StrictMode>
      <PageContextProvider pageContext={pageContext}>
        <Layout>{Page ? <Page /> : null}</Layout>
      </PageContextProvider>
    </StrictMode>
  )
}
