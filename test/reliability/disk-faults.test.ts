import { FRESH_SHOP } from '../helpers/lost-enquiries.ts'
import { diskFaultsWhileRunning } from './disk-faults.suite.ts'

diskFaultsWhileRunning(FRESH_SHOP)
