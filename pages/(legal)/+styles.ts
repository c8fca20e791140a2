// The four policy pages share one layout.
import css from '../../components/legal/LegalPage.scss?inline'

export default css
