import type { ReactNode } from 'react'
import { Footer } from '../components/Footer.tsx'
import { Header } from '../components/Header.tsx'
import { NavigationStatus } from '../components/NavigationStatus.tsx'

/** The frame of every page: skip link, fixed header, the page's main content, footer. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      <NavigationStatus />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  )
}
