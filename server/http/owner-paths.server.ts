import { routePath } from './request-target.server.ts'

/** The owner's page, its page data, and anything under it. */
export const ADMIN_PATH = '/admin'

export function isAdminPath(rawPath: string): boolean {
  const path = routePath(rawPath)
  return path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`)
}

/** The owner's JSON API, however spelled (`/API/Admin/...`, `/api//admin`, `%61`...). */
export function isOwnerApiPath(rawPath: string): boolean {
  const path = routePath(rawPath)
  return path === '/api/admin' || path.startsWith('/api/admin/')
}

/** Every address of the owner's workspace: its pages, their page data, and its API. */
export function isOwnerPath(rawPath: string): boolean {
  return isAdminPath(rawPath) || isOwnerApiPath(rawPath)
}
