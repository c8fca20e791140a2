import { NoticePage } from '../../components/NoticePage.tsx'
import { usePageContext } from '../../components/PageContextProvider.tsx'

/** https://vike.dev/error-page: unknown paths (404) and rendering errors (500). */
export default function Page() {
  const { is404 } = usePageContext()
  return is404 ? (
    <NoticePage eyebrow="Error 404" title="Page Not Found">
      Sorry, we could not find the page you were looking for. It may have moved, or the address may be mistyped.
    </NoticePage>
  ) : (
    <NoticePage eyebrow="Error 500" title="Something went wrong">
      Sorry, something went wrong on our side. Please try again in a moment.
    </NoticePage>
  )
}
