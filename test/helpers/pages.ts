/** One page of each kind the site has: the home page, the catalogue, a product, the workspace, the four policies. */
export const ONE_OF_EACH_PAGE = [
  '/',
  '/products',
  '/products/oxford-brogue',
  '/admin',
  '/terms',
  '/privacy',
  '/cookies',
  '/returns',
]
