import type { ReactNode } from 'react'
import { usePageContext } from '../../renderer/PageContextProvider.tsx'

/** The parts of the owner's workspace, each with its page. */
export type WorkspaceSection = 'overview' | 'products' | 'enquiries' | 'health'

const ENTRIES: readonly { section: WorkspaceSection; href: string; label: string }[] = [
  { section: 'overview', href: '/admin', label: 'Overview' },
  { section: 'products', href: '/admin/products', label: 'Products' },
  { section: 'enquiries', href: '/admin/enquiries', label: 'Enquiries' },
  { section: 'health', href: '/admin/health', label: 'Health' },
]

type NavProps = {
  current: WorkspaceSection
  /** Enquiries not yet read, shown beside 'Enquiries' when there are any. */
  newEnquiries?: number
}

/** The workspace's own links: a row of tabs that wraps on a phone. */
export function WorkspaceNav({ current, newEnquiries }: NavProps) {
  // The owner check counts them for every workspace page it lets through.
  const counted = usePageContext().newEnquiries
  const count = newEnquiries ?? counted
  return (
    <nav className="workspace-nav" aria-label="Workspace">
      <ul className="container">
        {ENTRIES.map((e) => (
          <li key={e.section}>
            <a href={e.href} aria-current={e.section === current ? 'page' : undefined}>
              {e.label}
              {e.section === 'enquiries' && count ? <span className="workspace-nav__count"> ({count} new)</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

type LayoutProps = NavProps & {
  title: string
  /** The heading's id, for a page whose landmark is labelled by it. */
  titleId?: string
  intro?: ReactNode
  children: ReactNode
}

/** A workspace page: its title, the workspace's links, then the page itself. */
export function WorkspaceLayout({ current, newEnquiries, title, titleId, intro, children }: LayoutProps) {
  return (
    <>
      <section className="page-banner workspace-banner">
        <div className="container">
          <span className="eyebrow">Owner&apos;s workspace</span>
          <h1 id={titleId}>{title}</h1>
          {intro ? <p>{intro}</p> : null}
        </div>
      </section>
      <WorkspaceNav current={current} newEnquiries={newEnquiries} />
      <div className="workspace section">
        <div className="container">{children}</div>
      </div>
    </>
  )
}
