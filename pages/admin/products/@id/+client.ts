import { startPage } from '../../../../renderer/browser/start-page.client.tsx'
import { ProductPreviewIsland } from './ProductPreview.tsx'

void startPage([ProductPreviewIsland])
