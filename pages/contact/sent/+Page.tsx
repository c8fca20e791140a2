import { NoticePage } from '../../../components/NoticePage.tsx'

/** The confirmation of a no-JavaScript enquiry, in the words of the success toast. */
export default function Page() {
  return (
    <NoticePage eyebrow="Contact" title="Message sent successfully!">
      Thank you for your enquiry. We'll get back to you soon.
    </NoticePage>
  )
}
