/**
 * The page grid: the header's width and side padding. Content that lines up with the header
 * (landing top bar, hero, pricing grid, admin console) uses the same container.
 */
export const PAGE_CONTAINER = "mx-auto w-full max-w-6xl px-4";
