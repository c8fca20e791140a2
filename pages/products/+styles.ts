import css from './products.scss?inline'

export default css
