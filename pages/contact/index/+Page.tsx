import { ContactFormIsland } from '../../../components/ContactForm.tsx'
import { ContactDetails } from '../../../components/ContactDetails.tsx'
import { useData } from '../../../renderer/useData.ts'
import type { Data } from './+data.ts'

export default function Page() {
  const { form, orderGone } = useData<Data>()
  return (
    <>
      <section className="page-banner">
        {orderGone ? (
          // An order posted without JavaScript for a product that left the shop meanwhile.
          <div className="container">
            <span className="eyebrow">Your order</span>
            <h1>{orderGone.heading}</h1>
            <p>
              Nothing was ordered and no payment was taken. What you typed is in the message below: send it to us and
              we'll tell you what we can offer, or reach us another way.
            </p>
          </div>
        ) : (
          <div className="container">
            <span className="eyebrow">Contact</span>
            <h1>Contact Us</h1>
            <p>Tell us what you are looking for and we'll get back to you soon.</p>
          </div>
        )}
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
