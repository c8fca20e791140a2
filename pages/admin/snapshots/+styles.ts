import css from './snapshots.scss?inline'
export default css
