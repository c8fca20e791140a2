import { fuzzBadInput } from './bad-input.suite.ts'

fuzzBadInput(2000)
