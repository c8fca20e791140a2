import { WorkspaceLayout } from '../../../../components/admin/WorkspaceLayout.tsx'
import { inboxQuery } from '../../../../domain/inbox.ts'
import { useData } from '../../../../renderer/useData.ts'
import type { Data } from './+data.ts'
import { EnquiryBodyIsland } from './EnquiryBody.tsx'

export default function Page() {
  const { enquiry: e, tabs } = useData<Data>()
  return (
    <WorkspaceLayout current="enquiries" tabs={tabs} title={e.name} titleId="enquiry-name">
      <article className="enquiry" aria-labelledby="enquiry-name">
        <p className="enquiry__back">
          <a href={`/admin/enquiries${inboxQuery(e.filter)}`}>← All enquiries</a>
        </p>
        <EnquiryBodyIsland enquiry={e} />
      </article>
    </WorkspaceLayout>
  )
}
