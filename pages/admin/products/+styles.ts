// The product pages of the workspace: the list, a product's form, a new product.
import css from './products-admin.scss?inline'
export default css
