import { COMPANY, WHATSAPP_URL } from '../../domain/business.ts'
import { BRAND_MESSAGES, HERO_IMAGE } from './content.ts'
import { Icon } from './icons.tsx'

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <img
        className="hero__image"
        src={HERO_IMAGE}
        width={1600}
        height={1000}
        alt=""
        fetchPriority="high"
        decoding="async"
      />
      <div className="hero__veil" aria-hidden="true" />
      <div className="container hero__inner">
        <div className="hero__content">
          <p className="eyebrow hero__eyebrow">
            Est. {COMPANY.foundedYear} <span aria-hidden="true">·</span> {COMPANY.registeredOffice.locality}, England
          </p>
          <h1 id="hero-title" className="hero__title">
            Timeless Footwear &amp; Accessories
          </h1>
          <p className="hero__lead">
            Shoes, bags and belts cut from premium full-grain leather and finished by hand in our{' '}
            {COMPANY.registeredOffice.locality} workshop: made to be worn for decades, and to look better for it.
          </p>
          <div className="hero__actions">
            {/* A plain in-page link: scrolls (smoothly, below the fixed header) with or without JavaScript. */}
            <a className="btn btn-brass hero__button" href="#collection">
              Discover the Collection
            </a>
            <a
              className="btn btn-outline-light hero__button"
              href={WHATSAPP_URL}
              target="_blank"
              rel="noopener noreferrer"
            >
              Enquire Now<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </div>
          <ul className="hero__badges">
            <li>
              <Icon name="shield" /> Quality Guaranteed
            </li>
            <li>
              <Icon name="hand" /> Handcrafted
            </li>
          </ul>
        </div>
      </div>
      <div className="hero__messages">
        <ul className="container">
          {BRAND_MESSAGES.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      </div>
    </section>
  )
}
