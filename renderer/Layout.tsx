import type { ReactNode } from 'react'
import { Footer } from '../components/Footer.tsx'
import { Header } from '../components/Header.tsx'
import { NavigationStatus } from '../components/NavigationStatus.tsx'

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
