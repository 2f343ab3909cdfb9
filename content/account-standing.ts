/**
 * What an account holder's standing is, in the same words on /signup-confirm, the status page and
 * the welcome mail (docs/decisions/042-brands-and-account-standing.md): an account takes the
 * parent past the line, so there is no place number to show and nothing left to wait for.
 */
export const accountStanding = "Your account takes you past the line: there's no place to keep and nothing left to wait for.";
