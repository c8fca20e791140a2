import css from './layout.scss?inline'

export default css
