// The hero picture is the largest paint of the landing page: the browser fetches it first.
import { HERO_IMAGE } from '../../components/home/content.ts'

export default () => HERO_IMAGE
