import { Reveal } from '../Reveal.tsx'
import { QUALITY_VALUES } from './content.ts'
import { Icon } from './icons.tsx'
import { SectionHead } from './SectionHead.tsx'

export function QualityValues() {
  return (
    <section className="section quality" aria-labelledby="quality-title">
      <div className="container">
        <SectionHead id="quality-title" eyebrow="Our Promise" title="Quality Guaranteed" light>
          Every piece carries our promise: if it is not right, we will put it right.
        </SectionHead>
        <ul className="quality__grid">
          {QUALITY_VALUES.map((v, i) => (
            <Reveal as="li" key={v.title} step={i as 0 | 1 | 2 | 3} className="quality__item">
              <span className="icon-medallion">
                <Icon name={v.icon} />
              </span>
              <h3>{v.title}</h3>
              <p>{v.text}</p>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  )
}
