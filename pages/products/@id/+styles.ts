import css from './product-page.scss?inline'

export default css
