import css from './error.scss?inline'

export default css
