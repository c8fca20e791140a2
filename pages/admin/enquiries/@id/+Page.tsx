import { WorkspaceLayout } from '../../../../components/admin/WorkspaceLayout.tsx'
import { inboxQuery } from '../../../../domain/inbox.ts'
import { useData } from '../../../../renderer/useData.ts'
import type { Data } from './+data.ts'
import { EnquiryBodyIsland } from './EnquiryBody.tsx'

export default function Page() {
  const { enquiry: e, newEnquiries } = useData<Data>()
  return (
    <WorkspaceLayout current="enquiries" newEnquiries={newEnquiries} title={e.name} titleId="enquiry-name">
      <article className="enquiry" aria-labelledby="enquiry-name">
        <p className="enquiry__back">
          <a href={`/admin/enquiries${inboxQuery(e.filter)}`}>← All enquiries</a>
        </p>
        <EnquiryBodyIsland enquiry={e} />
      </article>
    </WorkspaceLayout>
  )
}
