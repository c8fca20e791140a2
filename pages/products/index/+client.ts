import { startPage } from '../../../renderer/browser/start-page.client.tsx'
import { CatalogueIsland } from './Catalogue.tsx'

void startPage([CatalogueIsland])
