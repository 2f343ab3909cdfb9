/** The share card's size in pixels (Open Graph's large image): the site's tags and the card Worker's drawing. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
