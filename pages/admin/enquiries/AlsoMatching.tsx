import { Fragment } from 'react'
import { inboxQuery, type InboxFilter, type InboxView } from '../../../domain/inbox.ts'

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`

/** What a search found where the list does not look, each a link to the list that shows them. */
export function AlsoMatching({ filter, also }: { filter: InboxFilter; also: InboxView['alsoMatching'] }) {
  if (!also) return null
  const places = [
    also.archived > 0 && {
      text: count(also.archived, 'archived enquiry', 'archived enquiries'),
      href: `/admin/enquiries${inboxQuery(filter, { state: 'archived', page: 1 })}`,
    },
    also.otherSide > 0 && {
      text: filter.spam
        ? `${also.otherSide.toLocaleString('en-GB')} in the inbox`
        : `${also.otherSide.toLocaleString('en-GB')} kept apart as likely spam`,
      href: `/admin/enquiries${inboxQuery(filter, { spam: !filter.spam, page: 1 })}`,
    },
  ].filter((p) => p !== false)
  if (places.length === 0) return null
  return (
    <>
      {' Also matching: '}
      {places.map((p, i) => (
        // Straight in the sentence's paragraph: a link in running text.
        <Fragment key={p.href}>
          {i > 0 ? ' · ' : null}
          <a href={p.href}>{p.text}</a>
        </Fragment>
      ))}
      .
    </>
  )
}
