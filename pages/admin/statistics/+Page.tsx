import { WorkspaceLayout } from '../../../components/admin/WorkspaceLayout.tsx'
import { moneyText } from '../../../domain/shop-order.ts'
import { REPORT_RANGES, type Takings } from '../../../domain/statistics-report.ts'
import { ukDay } from '../../../domain/uk-time.ts'
import { useData } from '../../../renderer/useData.ts'
import type { Data } from './+data.ts'
import { DailyChart } from './DailyChart.tsx'
import { FigureTable } from './FigureTable.tsx'
import { ProductTable } from './ProductTable.tsx'

const TAGGED_LINK = '…/?utm_source=newsletter&utm_medium=email&utm_campaign=winter-sale'

/** '£370.00', or '£185.00 + €40.00' when more than one currency was taken; '£0.00' when nothing was. */
const takingsText = (takings: Takings) => {
  const entries = Object.entries(takings).sort(([a], [b]) => Number(b === 'gbp') - Number(a === 'gbp'))
  return entries.length ? entries.map(([c, amount]) => moneyText(amount, c)).join(' + ') : moneyText(0, 'gbp')
}

export default function Page() {
  const { report, tabs } = useData<Data>()
  const { totals, range } = report
  const now = new Date(`${report.days.at(-1)!.date}T12:00:00Z`)
  const figures: [string, number | string, string][] = [
    ['Views', totals.views, 'Pages opened by visitors (not by you, nor by search engines’ robots).'],
    [
      'Visitors (added up by day)',
      totals.visitors,
      'Different people each day, told apart without cookies; someone back on another day counts again.',
    ],
    [
      'Orders sent to payment',
      totals.handoffs,
      'Orders filled in and sent on to the payment page; whether they paid is not known here.',
    ],
    ['Enquiries', totals.enquiries, 'Messages sent through the contact form.'],
  ]
  if (report.sales)
    figures.push(
      ['Orders paid', totals.paid, 'Orders paid on the payment page, as Stripe told the shop; full refunds left out.'],
      ['Takings', takingsText(totals.takings), 'What the paid orders took, as Stripe reported it, less refunds.'],
    )
  return (
    <WorkspaceLayout current="statistics" tabs={tabs} title="Visits">
      <div className="visits">
        <nav aria-label="Days shown" className="visits__ranges">
          {REPORT_RANGES.map((r) => (
            <a key={r} href={`/admin/statistics?days=${r}`} aria-current={r === range ? 'page' : undefined}>
              Last {r} days
            </a>
          ))}
        </nav>
        {report.counting ? null : (
          <p className="visits__notice">
            Counting is turned off: nothing new is counted. (The setting is STATISTICS=off.)
          </p>
        )}
        <dl className="visits__totals">
          {figures.map(([label, n, hint]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{typeof n === 'number' ? n.toLocaleString('en-GB') : n}</dd>
              <dd className="visits__hint">{hint}</dd>
            </div>
          ))}
        </dl>

        <section className="visits-panel">
          <h2>Views and visitors by day</h2>
          <DailyChart days={report.days} range={range} />
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
                  {report.sales ? (
                    <>
                      <th scope="col">Orders paid</th>
                      <th scope="col">Takings</th>
                    </>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {report.days.map((d) => (
                  <tr key={d.date}>
                    <th scope="row">{ukDay(d.date, now)}</th>
                    <td>{d.views}</td>
                    <td>{d.visitors}</td>
                    <td>{d.handoffs}</td>
                    {report.sales ? (
                      <>
                        <td>{d.paid}</td>
                        <td>{takingsText(d.takings)}</td>
                      </>
                    ) : null}
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
          <p className="visits-panel__note">
            One line a day: views, visitors and orders sent to payment, each date written in figures (year, month, day)
            so that a spreadsheet sorts the days and adds them up.
            {report.sales ? ' The orders paid and the takings follow, one column of takings per currency.' : ''}
          </p>
        </section>

        <ProductTable products={report.products} sales={report.sales} />

        <div className="visits__grid">
          <FigureTable
            caption="Referring sites"
            nameHeading="Site"
            rows={report.referrers}
            empty="No visit came from another site in these days."
            note="Views: pages opened by visitors who followed a link on that site (search engines and social media included)."
          />
          <FigureTable
            caption="Campaigns"
            nameHeading="Campaign"
            rows={report.campaigns}
            empty="No link tagged with a campaign was followed in these days."
            note={
              'Views that came through a link you tagged with a campaign name. Campaign, source and medium ' +
              `are written into the links you share, such as ${TAGGED_LINK}.`
            }
          />
          <FigureTable
            caption="Campaign sources"
            nameHeading="Source"
            rows={report.sources}
            empty="No link tagged with a source was followed in these days."
            note="Views by where a tagged link was shared: a newsletter, Instagram, a partner’s site."
          />
          <FigureTable
            caption="Campaign media"
            nameHeading="Medium"
            rows={report.mediums}
            empty="No link tagged with a medium was followed in these days."
            note="Views by the kind of tagged link: e-mail, social, a paid advertisement."
          />
          <FigureTable
            caption="Devices"
            nameHeading="Device"
            rows={report.devices}
            empty="No visit counted in these days."
            note="Views by the kind of device, told from its browser."
          />
          <FigureTable
            caption="Pages"
            nameHeading="Page"
            rows={report.pages}
            empty="No page other than a product's was viewed in these days."
            note="Views of each page other than a product’s (products are listed above)."
          />
          <FigureTable
            caption="Enquiries by subject"
            nameHeading="Subject"
            countHeading="Enquiries"
            rows={report.enquiries}
            empty="No enquiry arrived in these days."
            note="Enquiries received in these days, by the subject chosen in the form."
          />
        </div>
      </div>
    </WorkspaceLayout>
  )
}
