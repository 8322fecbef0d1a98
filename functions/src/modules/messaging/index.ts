/** The messaging module: what the rest of the server may use. */
export { adminWelcomeEmail, monthlyStatementEmail, passwordResetEmail, signInLinkEmail } from "./mail-templates.js";
export { mailer, notifications, outbox, securityNotices } from "./module.js";
export type { Notifications } from "./notifications-service.js";
export { createNotifications, SWEEP_AFTER_MS } from "./notifications-service.js";
export { createSecurityNotices } from "./security-notices-service.js";
