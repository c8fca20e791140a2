import { Collection } from '../../components/home/Collection.tsx'
import { ContactSection } from '../../components/home/ContactSection.tsx'
import { Heritage } from '../../components/home/Heritage.tsx'
import { Hero } from '../../components/home/Hero.tsx'
import { QualityValues } from '../../components/home/QualityValues.tsx'
import { Testimonials } from '../../components/home/Testimonials.tsx'

export default function Page() {
  return (
    <>
      <Hero />
      <Heritage />
      <Collection />
      <QualityValues />
      <Testimonials />
      <ContactSection />
    </>
  )
}
