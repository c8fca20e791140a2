// The catalogue's scripts: filtering in place and the order dialog.
import { startPage } from '../../../renderer/browser/start-page.client.tsx'
import { CatalogueIsland } from './Catalogue.tsx'

void startPage([CatalogueIsland])
