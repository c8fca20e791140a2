import { startPage } from '../../../../renderer/browser/start-page.client.tsx'
import { PhotosIsland } from './Photos.tsx'

void startPage([PhotosIsland])
