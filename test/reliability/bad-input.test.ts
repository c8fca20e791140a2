import { fuzzBadInput, malformedAddresses } from './bad-input.suite.ts'

malformedAddresses()
// A short run of each property every day; the slow tier tries 2,000 inputs each.
fuzzBadInput(150)
