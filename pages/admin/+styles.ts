import workspace from '../../components/admin/WorkspaceLayout.scss?inline'
import targets from './targets.scss?inline'

// Every owner's page: the workspace's frame, and controls a thumb can hit.
export default [workspace, targets].join('\n')
