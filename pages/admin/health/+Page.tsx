import { WorkspaceLayout } from '../../../components/admin/WorkspaceLayout.tsx'
import { HEALTH_STATUS_LABELS } from '../../../domain/shop-health.ts'
import { ukTime } from '../../../domain/uk-time.ts'
import { useData } from '../../../renderer/useData.ts'
import type { Data } from './+data.ts'

const OVERALL = {
  ok: 'Everything is working.',
  attention: 'Working, with something worth a look.',
  problem: 'Something needs you now.',
} as const

export default function Page() {
  const { health, tabs } = useData<Data>()
  const checked = ukTime(health.checkedAt)
  return (
    <WorkspaceLayout current="health" tabs={tabs} title="Health">
      <div className="health">
        <p className="health__overall" data-status={health.status}>
          {OVERALL[health.status]} <span className="health__checked">Checked {checked}; reload to check again.</span>
        </p>
        <ul className="health__items">
          {health.items.map((item) => (
            <li key={item.key} className="health-item" data-status={item.status} data-key={item.key}>
              <h2>
                {item.title} <span className="health-item__status">{HEALTH_STATUS_LABELS[item.status]}</span>
              </h2>
              <p className="health-item__headline">{item.headline}</p>
              {item.details.map((d) => (
                <p key={d}>{d}</p>
              ))}
            </li>
          ))}
        </ul>
      </div>
    </WorkspaceLayout>
  )
}
