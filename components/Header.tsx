import { COMPANY, WHATSAPP_URL } from '../domain/business.ts'
import { usePageContext } from './PageContextProvider.tsx'

type Entry = { href: string; label: string }

const ENTRIES: Entry[] = [
  { href: '/products', label: 'Shop' },
  { href: '/#about', label: 'Heritage' },
  { href: '/#contact', label: 'Contact' },
]

/** The phone menu is a popover, so the browser opens and closes it with or without JavaScript. */
export function Header() {
  return (
    <header className="site-header" data-solid="false">
      <div className="container site-header__inner">
        <a href="/" className="brand" aria-label={`${COMPANY.legalName}, home`}>
          <span className="brand__name">{COMPANY.brand}</span> <span className="brand__ltd">{COMPANY.legalSuffix}</span>
        </a>
        <nav className="site-nav" aria-label="Main">
          <ul>
            <Entries chatLabel="WhatsApp" chatClassName="site-nav__chat" />
          </ul>
        </nav>
        <button
          type="button"
          className="menu-toggle"
          popoverTarget="mobile-menu"
          aria-controls="mobile-menu"
          aria-label="Open menu"
        >
          <span className="menu-toggle__bar" aria-hidden="true" />
          <span className="menu-toggle__bar" aria-hidden="true" />
          <span className="menu-toggle__bar" aria-hidden="true" />
        </button>
      </div>
      <nav id="mobile-menu" className="mobile-menu" aria-label="Mobile" popover="auto">
        <ul className="container">
          <Entries chatLabel="WhatsApp Contact" />
        </ul>
      </nav>
    </header>
  )
}

function Entries({ chatLabel, chatClassName }: { chatLabel: string; chatClassName?: string }) {
  const { urlPathname } = usePageContext()
  return (
    <>
      {ENTRIES.map((e) => (
        <li key={e.href}>
          <a href={e.href} aria-current={e.href === urlPathname ? 'page' : undefined}>
            {e.label}
          </a>
        </li>
      ))}
      <li>
        <a href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer" className={chatClassName}>
          {chatLabel}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </li>
    </>
  )
}
