// The site-wide stylesheet, compiled by Vite and written into every page's head (see +onRenderHtml.tsx).
import css from './layout.scss?inline'

export default css
