/**
 * The first screen's faces (scripts/site-fonts.ts); the others
 * load when needed so they never compete with the first screen.
 */
const PRELOADED_FACES = ['cormorant-garamond-600', 'inter-400']

export const isPreloadedFont = (src: string) =>
  PRELOADED_FACES.some((face) => new RegExp(`/${face}\\.[\\w-]+\\.woff2$`).test(src))
