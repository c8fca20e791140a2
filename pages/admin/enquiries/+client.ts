// Everything here works as plain HTML; the script adds only what every page shares (header, menu).
import { startPage } from '../../../renderer/browser/start-page.client.tsx'

void startPage()
