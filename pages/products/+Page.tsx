import { filterFromParam } from '../../domain/business.ts'
import { usePageContext } from '../../renderer/PageContextProvider.tsx'
import { catalogueStore } from '../../stores/catalogue-store.ts'
import { orderStore } from '../../stores/order-store.ts'
import type { Data } from './+data.ts'
import { Catalogue } from './Catalogue.tsx'

export default function Page() {
  const pageContext = usePageContext()
  const { products } = pageContext.data as Data
  const initialFilter = filterFromParam(pageContext.urlParsed.search.category)
  return (
    <>
      <section className="page-banner">
        <div className="container">
          <span className="eyebrow">The Collection</span>
          <h1>Our Collection</h1>
          <p>Footwear, bags and belts, cut from full-grain leather and finished by hand in our Northampton workshop.</p>
        </div>
      </section>
      <catalogueStore.Provider init={initialFilter}>
        <orderStore.Provider init={undefined}>
          <Catalogue products={products} urlFilter={initialFilter} />
        </orderStore.Provider>
      </catalogueStore.Provider>
    </>
  )
}
