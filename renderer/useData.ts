import { usePageContext } from '../components/PageContextProvider.tsx'

/** The page's data, as its +data hook returned it (https://vike.dev/useData; our renderer's own). */
export function useData<Data>(): Data {
  return usePageContext().data as Data
}
