import { YEARS_OF_ENQUIRIES } from '../helpers/lost-enquiries.ts'
import { diskFaultsWhileRunning } from './disk-faults.suite.ts'

diskFaultsWhileRunning(YEARS_OF_ENQUIRIES)
