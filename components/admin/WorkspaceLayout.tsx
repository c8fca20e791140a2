import type { ReactNode } from 'react'

export type WorkspaceSection = 'overview' | 'products' | 'orders' | 'enquiries' | 'statistics' | 'health' | 'snapshots'

const ENTRIES: readonly { section: WorkspaceSection; href: string; label: string }[] = [
  { section: 'overview', href: '/admin', label: 'Overview' },
  { section: 'products', href: '/admin/products', label: 'Products' },
  { section: 'orders', href: '/admin/orders', label: 'Orders' },
  { section: 'enquiries', href: '/admin/enquiries', label: 'Enquiries' },
  { section: 'statistics', href: '/admin/statistics', label: 'Visits' },
  { section: 'health', href: '/admin/health', label: 'Health' },
  { section: 'snapshots', href: '/admin/snapshots', label: 'Snapshots' },
]

/** What the tabs show beside their names, worked out by each workspace page's `+data` (pages/admin/workspace-tabs.ts). */
export type WorkspaceTabs = { newEnquiries: number }

type NavProps = {
  current: WorkspaceSection
  tabs: WorkspaceTabs
}

export function WorkspaceNav({ current, tabs }: NavProps) {
  const count = tabs.newEnquiries
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
  titleId?: string
  intro?: ReactNode
  children: ReactNode
}

export function WorkspaceLayout({ current, tabs, title, titleId, intro, children }: LayoutProps) {
  return (
    <>
      <section className="page-banner workspace-banner">
        <div className="container">
          <span className="eyebrow">Owner&apos;s workspace</span>
          <h1 id={titleId}>{title}</h1>
        </div>
      </section>
      <WorkspaceNav current={current} tabs={tabs} />
      <div className="workspace section">
        <div className="container">
          {/* Below the tabs, not in the banner: on a phone the banner stays one line. */}
          {intro ? <p className="workspace__intro">{intro}</p> : null}
          {children}
        </div>
      </div>
    </>
  )
}
