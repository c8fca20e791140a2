import { YEARS_OF_ENQUIRIES } from '../helpers/lost-enquiries.ts'
import { ownerEditsWhileRunning } from './owner-edits.suite.ts'

ownerEditsWhileRunning(YEARS_OF_ENQUIRIES)
