import { NoticePage } from '../../../components/NoticePage.tsx'

export default function Page() {
  return (
    <NoticePage eyebrow="Contact" title="Message sent successfully!">
      Thank you for your enquiry. We'll get back to you soon.
    </NoticePage>
  )
}
