import { ContactFormIsland } from '../../../components/ContactForm.tsx'
import { ContactDetails } from '../../../components/ContactDetails.tsx'
import { useData } from '../../../renderer/useData.ts'
import type { Data } from './+data.ts'

export default function Page() {
  const { form } = useData<Data>()
  return (
    <>
      <section className="page-banner">
        <div className="container">
          <span className="eyebrow">Contact</span>
          <h1>Contact Us</h1>
          <p>Tell us what you are looking for and we'll get back to you soon.</p>
        </div>
      </section>
      <section className="contact-page">
        <div className="container contact-page__grid">
          <div className="contact-page__panel form-card">
            <ContactFormIsland initial={form} headingLevel={2} />
          </div>
          <aside className="contact-page__aside" aria-labelledby="contact-other-ways">
            <h2 id="contact-other-ways">Other ways to reach us</h2>
            <ContactDetails office />
          </aside>
        </div>
      </section>
    </>
  )
}
