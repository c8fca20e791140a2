/** What the workspace shows for a draft whose photograph is not uploaded yet; never on the shop. */
export const NO_PHOTO = '/images/no-photo.svg'
