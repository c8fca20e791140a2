import { usePageContext } from '../../renderer/PageContextProvider.tsx'

/** https://vike.dev/error-page: unknown paths (404) and rendering errors (500). */
export default function Page() {
  const { is404 } = usePageContext()
  return (
    <section className="page-banner error-page">
      <div className="container">
        {is404 ? (
          <>
            <span className="eyebrow">Error 404</span>
            <h1>Page Not Found</h1>
            <p>Sorry, we could not find the page you were looking for. It may have moved, or the address may be mistyped.</p>
          </>
        ) : (
          <>
            <span className="eyebrow">Error 500</span>
            <h1>Something went wrong</h1>
            <p>Sorry, something went wrong on our side. Please try again in a moment.</p>
          </>
        )}
        <p className="error-page__actions">
          <a className="btn btn-brass" href="/">
            Back to the home page
          </a>
          <a className="btn btn-outline-light" href="/products">
            Browse the collection
          </a>
        </p>
      </div>
    </section>
  )
}
