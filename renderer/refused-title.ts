/**
 * A page a refused form was sent back to says so first in its title: the title is what a screen
 * reader reads as the page arrives, before the focused list of mistakes (the pattern of GOV.UK's forms).
 */
export const refusedTitle = (title: string, refused: boolean): string => (refused ? `Error: ${title}` : title)
