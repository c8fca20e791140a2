import { FRESH_SHOP } from '../helpers/lost-enquiries.ts'
import { ownerEditsWhileRunning } from './owner-edits.suite.ts'

ownerEditsWhileRunning(FRESH_SHOP)
