import css from './photos.scss?inline'
export default css
