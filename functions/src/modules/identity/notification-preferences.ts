import type { NotificationPreferencesInput } from "@jengafund/shared";
import type { Clock } from "../../kernel/clock.js";
import type { UserRecord } from "../../kernel/records.js";
import type { NotificationPreferencesRepository } from "./notification-preferences-port.js";
import type { ConfirmPassword } from "./password-confirmation.js";

/**
 * Account → Notifications (design.md §12.6, §13.2). The body's schema has already refused unknown kinds and any
 * attempt to turn a security notice off, so what arrives here is only what the account may choose, and the password:
 * a stolen session alone must not silence the owner's alerts. A change is a security notice of its own (by SMS and
 * email, written with the change) and a signal the admin deciding a payout sees.
 */
export function createNotificationPreferences(deps: {
  preferences: NotificationPreferencesRepository;
  confirmPassword: ConfirmPassword;
  clock: Clock;
  newId: () => string;
}) {
  return {
    async save(user: UserRecord, input: NotificationPreferencesInput, sourceIp: string): Promise<UserRecord> {
      const { password, ...changes } = input;
      await deps.confirmPassword(user, password, sourceIp);
      return deps.preferences.save(user.id, changes, {
        at: deps.clock.now().toISOString(),
        noticeId: deps.newId(),
        sourceIp,
      });
    },
  };
}
