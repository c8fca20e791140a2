import changes from '../../../components/admin/FieldChanges.scss?inline'
import css from './history.scss?inline'

export default [changes, css].join('\n')
