/** No Node or browser APIs here: the server and the workspace's pages both import it. */

/**
 * `owner`: signed in, or a browser on the server machine when no
 * password is set; `visitor`: anyone else, refused the workspace.
 */
export type OwnerAccess = 'owner' | 'visitor'
