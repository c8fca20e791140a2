import css from '../../components/admin/WorkspaceLayout.scss?inline'
export default css
