/**
 * The font files a page asks for before it is laid out: the cut faces (scripts/site-fonts.ts) of the
 * header's brand and headings and of the body text, on every page's first screen. The other faces
 * arrive when the text needing them is laid out, and never compete with the first screen's bytes.
 */
const PRELOADED_FACES = ['cormorant-garamond-600', 'inter-400']

export const isPreloadedFont = (src: string) => PRELOADED_FACES.some((face) => new RegExp(`/${face}\\.[\\w-]+\\.woff2$`).test(src))
