import { Reveal } from '../Reveal.tsx'
import { TESTIMONIAL_RATING, TESTIMONIALS } from './content.ts'
import { Icon } from './icons.tsx'
import { SectionHead } from './SectionHead.tsx'

/** Five stars, announced once as a rating rather than as five pictures. */
function Stars({ rating }: { rating: number }) {
  return (
    <div className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Icon key={i} name="star" className={i < rating ? 'stars__on' : 'stars__off'} />
      ))}
    </div>
  )
}

export function Testimonials() {
  return (
    <section className="section testimonials" aria-labelledby="testimonials-title">
      <div className="container">
        <SectionHead id="testimonials-title" eyebrow="Testimonials" title="What Our Clients Say" />
        <ul className="testimonials__grid">
          {TESTIMONIALS.map((t, i) => (
            <Reveal as="li" key={t.name} step={i as 0 | 1 | 2}>
              <figure className="testimonial">
                <Stars rating={TESTIMONIAL_RATING} />
                <blockquote>
                  <p>{t.text}</p>
                </blockquote>
                <figcaption>
                  <span className="testimonial__initials" aria-hidden="true">
                    {t.initials}
                  </span>
                  <span>
                    <span className="testimonial__name">{t.name}</span>
                    <span className="testimonial__title">{t.title}</span>
                  </span>
                </figcaption>
              </figure>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  )
}
