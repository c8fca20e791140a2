import { startPage } from '../../../renderer/browser/start-page.client.tsx'

void startPage()
