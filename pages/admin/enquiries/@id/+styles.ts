import confirm from '../../../../components/admin/ConfirmPanel.scss?inline'
import css from './enquiry.scss?inline'

export default [confirm, css].join('\n')
