import { ContactDetails } from '../ContactDetails.tsx'
import { ContactFormIsland } from '../ContactForm.tsx'
import { Reveal } from '../Reveal.tsx'
import { SectionHead } from './SectionHead.tsx'

export function ContactSection() {
  return (
    <section id="contact" className="section contact" aria-labelledby="contact-title">
      <div className="container">
        <SectionHead id="contact-title" eyebrow="Contact" title="Get in Touch">
          A question about sizing, a custom order or an order you have placed? Message us on WhatsApp, write to us, or
          use the form below.
        </SectionHead>
        <div className="contact__grid">
          <Reveal className="contact__details">
            <ContactDetails office />
          </Reveal>
          <Reveal className="contact__form-panel form-card" step={1}>
            <h3 id="contact-form-title" className="contact__form-title">
              Send us a Message
            </h3>
            <p className="contact__form-intro">Tell us what you are looking for and we will reply by e-mail.</p>
            <ContactFormIsland />
          </Reveal>
        </div>
      </div>
    </section>
  )
}
