import { startPage } from '../../../renderer/browser/start-page.client.tsx'
import { OrderPanelIsland, ProductPurchaseIsland, RelatedProductsIsland } from './islands.tsx'

void startPage([ProductPurchaseIsland, OrderPanelIsland, RelatedProductsIsland])
