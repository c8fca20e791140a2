import { ContactFormIsland } from '../../components/ContactForm.tsx'
import { startPage } from '../../renderer/browser/start-page.client.tsx'

void startPage([ContactFormIsland])
