import { StrictMode, type ComponentType } from 'react'
import type { PageContext } from 'vike/types'
import { Layout } from './Layout.tsx'
import { PageContextProvider } from '../components/PageContextProvider.tsx'

export function PageShell({ pageContext }: { pageContext: PageContext }) {
  // The page's `+Page.tsx` (https://vike.dev/Page), which Vike types as unknown.
  const Page = pageContext.Page as ComponentType | undefined
  return (
    <StrictMode>
      <PageContextProvider pageContext={pageContext}>
        <Layout>{Page ? <Page /> : null}</Layout>
      </PageContextProvider>
    </StrictMode>
  )
}
