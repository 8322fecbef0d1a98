import type { Log } from "../lib/log.js";
import type { SecurityNotice, SecurityNotices } from "./security-notices.js";

/** Placeholder until the notices module is written: every notice is only logged. Replaced by the notices work. */
export function createSecurityNotices(deps: { log: Log }): SecurityNotices {
  return {
    async send(notice: SecurityNotice) {
      deps.log("info", "security notice", { kind: notice.kind, userId: notice.userId });
    },
  };
}
