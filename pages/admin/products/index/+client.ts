import { startPage } from '../../../../renderer/browser/start-page.client.tsx'
import { ProductOrderIsland } from './ProductOrder.tsx'

void startPage([ProductOrderIsland])
