import { WorkspaceLayout } from '../../../components/admin/WorkspaceLayout.tsx'
import { handoffShare, REPORT_RANGES } from '../../../domain/statistics-report.ts'
import { useData } from '../../../renderer/useData.ts'
import type { Data } from './+data.ts'
import { DailyChart } from './DailyChart.tsx'
import { FigureTable } from './FigureTable.tsx'

export default function Page() {
  const { report, newEnquiries } = useData<Data>()
  const { totals, range } = report
  return (
    <WorkspaceLayout current="statistics" newEnquiries={newEnquiries} title="Visits">
      <div className="visits">
        <nav aria-label="Days shown" className="visits__ranges">
          {REPORT_RANGES.map((r) => (
            <a key={r} href={`/admin/statistics?days=${r}`} aria-current={r === range ? 'page' : undefined}>
              Last {r} days
            </a>
          ))}
        </nav>
        {report.counting ? null : (
          <p className="visits__notice">Counting is turned off (STATISTICS=off): nothing new is counted.</p>
        )}
        <dl className="visits__totals">
          {[
            ['Views', totals.views],
            ['Visitors (added up by day)', totals.visitors],
            ['Orders sent to payment', totals.handoffs],
            ['Enquiries', totals.enquiries],
          ].map(([label, n]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{n}</dd>
            </div>
          ))}
        </dl>

        <section className="visits-panel">
          <h2>Views and visitors by day</h2>
          <DailyChart days={report.days} />
          {/* A table stretches past a hidden box of its own size: the box around it is what is hidden. */}
          <div className="visually-hidden">
            <table>
              <caption>Views, visitors and orders sent to payment by day</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Views</th>
                  <th scope="col">Visitors</th>
                  <th scope="col">Orders sent to payment</th>
                </tr>
              </thead>
              <tbody>
                {report.days.map((d) => (
                  <tr key={d.date}>
                    <th scope="row">{d.date}</th>
                    <td>{d.views}</td>
                    <td>{d.visitors}</td>
                    <td>{d.handoffs}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <a className="visits__download" href={`/admin/statistics.csv?days=${range}`} download>
              Download the daily figures (CSV)
            </a>
          </p>
        </section>

        <section className="visits-panel">
          <h2>Products</h2>
          {report.products.length === 0 ? (
            <p className="visits-panel__empty">No product page was viewed in these days.</p>
          ) : (
            <div className="visits-table__scroll">
              <table className="visits-table">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Views</th>
                    <th scope="col">Orders sent to payment</th>
                    <th scope="col">Share</th>
                  </tr>
                </thead>
                <tbody>
                  {report.products.map((p) => (
                    <tr key={p.id}>
                      <th scope="row">{p.name}</th>
                      <td>{p.views}</td>
                      <td>{p.handoffs}</td>
                      <td>{handoffShare(p.handoffs, p.views)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <div className="visits__grid">
          <FigureTable
            caption="Referring sites"
            nameHeading="Site"
            rows={report.referrers}
            empty="No visit came from another site in these days."
          />
          <FigureTable
            caption="Campaigns"
            nameHeading="utm_campaign"
            rows={report.campaigns}
            empty="No link with utm_campaign was followed in these days."
          />
          <FigureTable
            caption="Campaign sources"
            nameHeading="utm_source"
            rows={report.sources}
            empty="No link with utm_source was followed in these days."
          />
          <FigureTable
            caption="Campaign media"
            nameHeading="utm_medium"
            rows={report.mediums}
            empty="No link with utm_medium was followed in these days."
          />
          <FigureTable
            caption="Devices"
            nameHeading="Device"
            rows={report.devices}
            empty="No visit counted in these days."
          />
          <FigureTable
            caption="Pages"
            nameHeading="Page"
            rows={report.pages}
            empty="No page other than a product's was viewed in these days."
          />
          <FigureTable
            caption="Enquiries by subject"
            nameHeading="Subject"
            countHeading="Enquiries"
            rows={report.enquiries}
            empty="No enquiry arrived in these days."
          />
        </div>
      </div>
    </WorkspaceLayout>
  )
}
