import { startPage } from '../../../renderer/browser/start-page.client.tsx'
import { AdminWorkspaceIsland } from './AdminWorkspace.tsx'

void startPage([AdminWorkspaceIsland])
