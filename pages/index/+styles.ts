import css from './index.scss?inline'

export default css
