import { startPage } from '../../../../renderer/browser/start-page.client.tsx'
import { EnquiryBodyIsland } from './EnquiryBody.tsx'

void startPage([EnquiryBodyIsland])
