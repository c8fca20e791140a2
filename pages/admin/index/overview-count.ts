/** How many products the Product Overview shows before '... and N more products'. */
export const ADMIN_OVERVIEW_COUNT = 6
