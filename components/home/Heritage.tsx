import { COMPANY } from '../../domain/business.ts'
import { Reveal } from '../Reveal.tsx'
import { HERITAGE_HIGHLIGHTS } from './content.ts'
import { Icon } from './icons.tsx'

export function Heritage() {
  const { foundedYear, registeredOffice } = COMPANY
  return (
    <section id="about" className="section heritage" aria-labelledby="about-title">
      <div className="container">
        <div className="heritage__story">
          <Reveal className="heritage__media">
            <img
              src="/images/workshop.svg"
              width={1200}
              height={900}
              alt={
                'A leather hide with cut pattern pieces, a round knife, a shoe last, ' +
                'thread and an awl on a workshop bench'
              }
              loading="lazy"
              decoding="async"
            />
            <p className="heritage__since">
              <span>Since</span> {foundedYear}
            </p>
          </Reveal>
          <Reveal className="heritage__text" step={1}>
            <span className="eyebrow">Our Heritage</span>
            <h2 id="about-title" className="section-title">
              Heritage &amp; Craftsmanship
            </h2>
            <p className="heritage__lead">
              For more than three decades we have made leather goods the slow way, by hand, in{' '}
              {registeredOffice.locality}: the town that has shod Britain for over three hundred years.
            </p>
            <p>
              Our workshop opened in {foundedYear} with two benches and a handful of lasts. Today a small team of
              cutters, closers and finishers still works the way its founders did: each hide chosen by eye and by touch,
              each pattern cut to make the most of its grain, each seam stitched and each edge burnished until it is
              right.
            </p>
            <p>
              The result is footwear, bags and belts with nothing to hide: honest materials, careful construction and
              classic lines that will serve you for years and can be repaired when they have.
            </p>
          </Reveal>
        </div>
        <ul className="heritage__highlights">
          {HERITAGE_HIGHLIGHTS.map((h, i) => (
            <Reveal as="li" key={h.title} step={i as 0 | 1 | 2} className="heritage__highlight">
              <span className="icon-medallion">
                <Icon name={h.icon} />
              </span>
              <h3>{h.title}</h3>
              <p>{h.text}</p>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  )
}
