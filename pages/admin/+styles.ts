// The workspace's frame (its links), for every page under /admin.
import css from '../../components/admin/WorkspaceLayout.scss?inline'
export default css
