// A product page's scripts: 'Purchase Now' opens the order dialog, and the order form checks itself.
import { startPage } from '../../../renderer/browser/start-page.client.tsx'
import { OrderPanelIsland, ProductPurchaseIsland, RelatedProductsIsland } from './islands.tsx'

void startPage([ProductPurchaseIsland, OrderPanelIsland, RelatedProductsIsland])
