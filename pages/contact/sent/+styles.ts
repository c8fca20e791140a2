import css from '../contact.scss?inline'

export default css
