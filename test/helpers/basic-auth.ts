/** An `Authorization` header for HTTP Basic auth, as a browser sends it once the owner has signed in. */
export const basicAuth = (password: string, user = 'admin') =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
