import css from './history.scss?inline'
export default css
