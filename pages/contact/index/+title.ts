import type { PageContext } from 'vike/types'
import { refusedTitle } from '../../../renderer/refused-title.ts'
import type { Data } from './+data.ts'

export default (pc: PageContext<Data>) => {
  if (pc.data?.orderGone) return `${pc.data.orderGone.heading} | Ashbourne Leather`
  const form = pc.data?.form
  const refused = !!form && (Object.keys(form.errors).length > 0 || !!form.formError)
  return refusedTitle('Contact Us | Ashbourne Leather', refused)
}
