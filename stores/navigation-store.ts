import { create } from 'zustand'

/**
 * The client-side navigation in progress, if any. Module-level on purpose: only the browser's
 * page-transition hooks write it (never the server), so no visitor's state can reach another's page.
 */
export const useNavigationStore = create<{ pendingPath: string | null }>(() => ({ pendingPath: null }))
