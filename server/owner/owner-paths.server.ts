import type { RequestHandler } from 'express'
import { privateAnswer } from '../http/security.server.ts'
import { sitePath } from '../http/request-target.server.ts'

export const OWNER_ONLY_MESSAGE =
  "The shop's workspace is for the owner only. Set ADMIN_PASSWORD (12 " +
  'characters or more) on the server and sign in as admin, or open /admin ' +
  'on the server itself.'

export const NOT_OWNER_MESSAGE =
  'Image generation is only for the shop owner. Set ADMIN_PASSWORD (12 ' +
  'characters or more) on the server and sign in as admin, or use /admin ' +
  'on the server itself.'

/** One of the owner's addresses and everything under it, with how it turns anyone else away. */
export type OwnerAddress = {
  root: string
  /** A page's sentence, or an API's JSON. */
  answer: 'json' | 'text'
  /** What someone not signed in is asked (401) when ADMIN_PASSWORD is set. */
  signIn: string
  /** What anyone else gets (403) when it is not. */
  refused: string
  /** Addresses that show a visitor, at 403, how the owner turns the workspace on (plain spellings only). */
  shownToVisitors?: readonly string[]
}

/** Every address of the owner's, and the one check answers for them all, before any route. */
const OWNER_ADDRESSES: readonly OwnerAddress[] = [
  {
    root: '/admin',
    answer: 'text',
    signIn: 'This page is for the shop owner: sign in as admin with the admin password.',
    refused: OWNER_ONLY_MESSAGE,
    shownToVisitors: ['/admin', '/admin/index.pageContext.json'],
  },
  {
    root: '/api/admin',
    answer: 'json',
    signIn: 'Sign in as admin with the admin password.',
    refused: OWNER_ONLY_MESSAGE,
  },
  {
    root: '/api/generate-images',
    answer: 'json',
    signIn: 'Sign in as admin with the admin password to generate product images.',
    refused: NOT_OWNER_MESSAGE,
  },
]

/** The owner's address a path (as the page router reads it: sitePath) lies under, if any. */
export function ownerAddress(path: string): OwnerAddress | undefined {
  return OWNER_ADDRESSES.find(({ root }) => path === root || path.startsWith(`${root}/`))
}

/** The workspace's pages and everything under them (`/admin`, `/admin/...`), however spelled. */
export function isWorkspacePage(path: string): boolean {
  return ownerAddress(path)?.root === '/admin'
}

/** Every answer under the owner's addresses, however spelled and whatever it is (a refusal, a 400, an error). */
export const privateWorkspace: RequestHandler = (req, res, next) => {
  if (ownerAddress(sitePath(req))) privateAnswer(res)
  next()
}
