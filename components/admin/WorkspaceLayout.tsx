import type { ReactNode } from 'react'

export type WorkspaceSection = 'overview' | 'enquiries' | 'health'

const SECTIONS: { key: WorkspaceSection; href: string; label: string }[] = [
  { key: 'overview', href: '/admin', label: 'Overview' },
  { key: 'enquiries', href: '/admin/enquiries', label: 'Enquiries' },
  { key: 'health', href: '/admin/health', label: 'Health' },
]

/** The owner's workspace: its navigation (with the count of new enquiries), then the page. */
export function WorkspaceLayout({ current, newEnquiries, children }: { current: WorkspaceSection; newEnquiries?: number; children: ReactNode }) {
  return (
    <div className="workspace">
      <nav className="workspace-nav" aria-label="Workspace">
        <ul className="container">
          {SECTIONS.map((s) => (
            <li key={s.key}>
              <a href={s.href} aria-current={s.key === current ? 'page' : undefined}>
                {s.label}
                {s.key === 'enquiries' && newEnquiries ? <span className="workspace-nav__count"> ({newEnquiries} new)</span> : null}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  )
}
