import { startPage } from '../../../renderer/browser/start-page.client.tsx'
import { lazyIsland } from '../../../components/island.tsx'
import { ProductPurchaseIsland, RelatedProductsIsland } from './islands.tsx'

void startPage([
  ProductPurchaseIsland,
  RelatedProductsIsland,
  // Shown at ?order=1 alone, where 'Purchase Now' leads without scripts (with them it opens the dialog).
  lazyIsland('order-panel', () => import('./OrderPanel.tsx').then((m) => m.OrderPanelIsland)),
])
