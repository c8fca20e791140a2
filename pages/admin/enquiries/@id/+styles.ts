import css from './enquiry.scss?inline'

export default css
