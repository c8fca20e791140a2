import { createContext, useContext, useState, type ReactNode } from 'react'
import { useStore, type StoreApi } from 'zustand'

/** Made once per rendered page, so on the server no visitor's state reaches another's page. */
export function createContextStore<S, A>(name: string, create: (arg: A) => StoreApi<S>) {
  const Context = createContext<StoreApi<S> | null>(null)

  function Provider({ init, children }: { init: A; children: ReactNode }) {
    const [store] = useState(() => create(init))
    return <Context.Provider value={store}>{children}</Context.Provider>
  }

  function useStoreApi(): StoreApi<S> {
    const store = useContext(Context)
    if (!store) throw new Error(`${name} is used outside its provider`)
    return store
  }

  function useSelector<T>(selector: (state: S) => T): T {
    return useStore(useStoreApi(), selector)
  }

  return { Provider, useStoreApi, useSelector }
}
