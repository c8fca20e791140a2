import css from './Admin.scss?inline'

export default css
