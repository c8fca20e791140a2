import { useEffect, useRef, useState } from 'react'
import { COMPANY, SOLID_NAV_SCROLL_PX, WHATSAPP_URL } from '../domain/business.ts'
import { usePageContext } from '../renderer/PageContextProvider.tsx'
import './Header.scss'

type Entry = { href: string; label: string; scrolls?: boolean }

const ENTRIES: Entry[] = [
  { href: '/products', label: 'Shop' },
  { href: '/#about', label: 'Heritage', scrolls: true },
  { href: '/#contact', label: 'Contact', scrolls: true },
]

function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false)
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [threshold])
  return past
}

/** The fixed top bar (SPEC §2 Top navigation): transparent at the top, solid past 100 px. */
export function Header() {
  const solid = useScrolledPast(SOLID_NAV_SCROLL_PX)
  const [menuOpen, setMenuOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const { urlPathname } = usePageContext()

  // A new page closes the menu.
  useEffect(() => setMenuOpen(false), [urlPathname])

  useEffect(() => {
    if (!menuOpen) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false)
        toggleRef.current?.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [menuOpen])

  const current = (href: string) => (href === urlPathname ? 'page' : undefined)

  return (
    <header className={`site-header${solid || menuOpen ? ' is-solid' : ''}`} data-solid={solid ? 'true' : 'false'}>
      <div className="container site-header__inner">
        <a href="/" className="brand" aria-label={`${COMPANY.legalName}, home`}>
          <span className="brand__name">{COMPANY.brand}</span> <span className="brand__ltd">{COMPANY.legalSuffix}</span>
        </a>
        <nav className="site-nav" aria-label="Main">
          <ul>
            {ENTRIES.map((e) => (
              <li key={e.href}>
                <a href={e.href} aria-current={current(e.href)}>
                  {e.label}
                </a>
              </li>
            ))}
            <li>
              <a href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer" className="site-nav__chat">
                WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-toggle__bar" aria-hidden="true" />
          <span className="menu-toggle__bar" aria-hidden="true" />
          <span className="menu-toggle__bar" aria-hidden="true" />
        </button>
      </div>
      <nav id="mobile-menu" className="mobile-menu" aria-label="Mobile" hidden={!menuOpen}>
        <ul className="container">
          {ENTRIES.map((e) => (
            <li key={e.href}>
              <a href={e.href} aria-current={current(e.href)} onClick={() => setMenuOpen(false)}>
                {e.label}
              </a>
            </li>
          ))}
          <li>
            <a href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer" onClick={() => setMenuOpen(false)}>
              WhatsApp Contact<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        </ul>
      </nav>
    </header>
  )
}
