// The landing page's scripts: its enquiry form, and what every page shares (renderer/browser).
import { ContactFormIsland } from '../../components/ContactForm.tsx'
import { startPage } from '../../renderer/browser/start-page.client.tsx'

void startPage([ContactFormIsland])
