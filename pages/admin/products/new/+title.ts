import type { PageContext } from 'vike/types'
import { refusedTitle } from '../../../../renderer/refused-title.ts'
import type { Data } from './+data.ts'

export default ({ data }: PageContext<Data>) =>
  refusedTitle('Add a product | Ashbourne Leather', Object.keys(data.errors).length > 0)
