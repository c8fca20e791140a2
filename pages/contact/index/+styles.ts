import css from './contact-page.scss?inline'

export default css
