/**
 * Shown instead of a decision button where the server would refuse this admin's decision: a request they made
 * waits for a different admin (design.md §12.1, §13.1).
 */
export const WAITING_FOR_ANOTHER_ADMIN = "Waiting for another admin";
