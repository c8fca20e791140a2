import { startPage } from '../../../../renderer/browser/start-page.client.tsx'
import { PhotosIsland } from './Photos.tsx'
import { ProductPreviewIsland } from './ProductPreview.tsx'

void startPage([PhotosIsland, ProductPreviewIsland])
