/**
 * Shown instead of a decision button where the server would refuse this admin's decision: a request they made
 * waits for a different admin (design.md §12.1, §13.1).
 */
export const WAITING_FOR_ANOTHER_ADMIN = "Waiting for another admin";

/**
 * How often a list of requests that another admin may decide meanwhile (withdrawals, adjustments, package changes)
 * and the Approvals badge are read again while the console is in view, so a decision made elsewhere shows without a
 * reload (design.md §13.6). They are read again when the tab comes back into view as well; a hidden tab asks nothing.
 */
export const OTHER_ADMINS_REFRESH_MS = 15_000;
