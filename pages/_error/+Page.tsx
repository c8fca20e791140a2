import { NoticePage } from '../../components/NoticePage.tsx'
import { usePageContext } from '../../components/PageContextProvider.tsx'

/**
 * https://vike.dev/error-page: unknown paths (404), rendering errors (500), and a part of the shop that
 * cannot be read just now (503, its sentence given by `throw render(503, sentence)`).
 */
export default function Page() {
  const { is404, abortStatusCode, abortReason } = usePageContext()
  if (is404)
    return (
      <NoticePage eyebrow="Error 404" title="Page Not Found">
        Sorry, we could not find the page you were looking for. It may have moved, or the address may be mistyped.
      </NoticePage>
    )
  if (abortStatusCode === 503 && typeof abortReason === 'string')
    return (
      <NoticePage eyebrow="Error 503" title="Not available just now">
        {abortReason}
      </NoticePage>
    )
  return (
    <NoticePage eyebrow="Error 500" title="Something went wrong">
      Sorry, something went wrong on our side. Please try again in a moment.
    </NoticePage>
  )
}
