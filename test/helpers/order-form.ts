/** What a visitor types into a product's order form, by the names the form posts (the size is the product's own). */
export const JANE_ORDERS = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '07700 900123',
  address: '1 High Street, Leeds',
}

/** The same, by the labels a person reads in the order dialog or form. */
export const JANE_TYPES = {
  'First name': JANE_ORDERS.firstName,
  'Last name': JANE_ORDERS.lastName,
  Email: JANE_ORDERS.email,
  Phone: JANE_ORDERS.phone,
  'Delivery address': JANE_ORDERS.address,
}
