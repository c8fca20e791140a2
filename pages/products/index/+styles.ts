import css from './Catalogue.scss?inline'

export default css
