import type { PageContext } from 'vike/types'
import { refusedTitle } from '../../../../renderer/refused-title.ts'
import type { Data } from './+data.ts'

export default ({ data }: PageContext<Data>) => {
  const refused =
    Object.keys(data.errors).length > 0 ||
    data.publishMissing !== null ||
    data.photoError !== null ||
    data.anglesError !== null ||
    data.photoNotice?.refused === true
  return refusedTitle(`${data.name} | Products | Ashbourne Leather`, refused)
}
