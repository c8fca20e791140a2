import css from '../../components/legal/LegalPage.scss?inline'

export default css
