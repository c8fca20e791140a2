import workspace from '../../../components/admin/WorkspaceLayout.scss?inline'
import css from './statistics.scss?inline'

export default [workspace, css].join('\n')
