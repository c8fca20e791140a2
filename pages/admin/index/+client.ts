// The admin page's scripts: the image generator and its live overview of the catalogue.
import { startPage } from '../../../renderer/browser/start-page.client.tsx'
import { AdminWorkspaceIsland } from './AdminWorkspace.tsx'

void startPage([AdminWorkspaceIsland])
