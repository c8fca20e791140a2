import css from './orders.scss?inline'

export default css
