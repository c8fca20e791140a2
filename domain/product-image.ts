/** Written by the server; pages pick among them. */
export const PRODUCT_IMAGE_WIDTHS = [400, 800, 1024] as const
