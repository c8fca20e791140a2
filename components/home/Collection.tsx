import { filterHref } from '../../domain/catalogue.ts'
import { Reveal } from '../Reveal.tsx'
import { COLLECTION_CARDS } from './content.ts'
import { Icon } from './icons.tsx'
import { SectionHead } from './SectionHead.tsx'

export function Collection() {
  return (
    <section id="collection" className="section collection" aria-labelledby="collection-title">
      <div className="container">
        <SectionHead id="collection-title" eyebrow="The Collection" title="Our Collection">
          Three families of leather goods, each made in small batches in our own workshop.
        </SectionHead>
        <ul className="collection__grid">
          {COLLECTION_CARDS.map((card, i) => (
            <Reveal as="li" key={card.category} step={i as 0 | 1 | 2}>
              <article className="collection-card" aria-labelledby={`collection-${card.category}`}>
                <div className="collection-card__media">
                  <img src={card.image} width={800} height={600} alt={card.alt} loading="lazy" decoding="async" />
                </div>
                <div className="collection-card__body">
                  <h3 id={`collection-${card.category}`}>{card.title}</h3>
                  <p>{card.description}</p>
                  {/* The catalogue reads its filter from the URL: ?category= selects it. */}
                  <a className="btn btn-outline collection-card__link" href={filterHref(card.category)}>
                    View Collection<span className="visually-hidden">: {card.title}</span>
                    <Icon name="arrow" />
                  </a>
                </div>
              </article>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  )
}
