import css from '../../components/NoticePage.scss?inline'

export default css
