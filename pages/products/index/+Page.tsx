import { filterFromParam } from '../../../domain/business.ts'
import { usePageContext } from '../../../components/PageContextProvider.tsx'
import { useData } from '../../../renderer/useData.ts'
import type { Data } from './+data.ts'
import { CatalogueIsland } from './Catalogue.tsx'

export default function Page() {
  const { products, avifImages } = useData<Data>()
  const filter = filterFromParam(usePageContext().urlParsed.search.category)
  return (
    <>
      <section className="page-banner">
        <div className="container">
          <span className="eyebrow">The Collection</span>
          <h1>Our Collection</h1>
          <p>Footwear, bags and belts, cut from full-grain leather and finished by hand in our Northampton workshop.</p>
        </div>
      </section>
      <CatalogueIsland products={products} filter={filter} avifImages={avifImages} />
    </>
  )
}
