import type { LoginAnswer, LoginInput, RegisterCommand, User } from "@jengafund/shared";
import { createContext } from "react";

/** A sign-in's outcome: the user, and how many recovery codes are left when one was used to sign in. */
export type SignedIn = Omit<LoginAnswer, "token">;

export interface AuthContextValue {
  user: User | null;
  /**
   * When `user` was read from the server (ms since the epoch). Older than this page load means it was restored from
   * this device's last-known data and is shown as "Updated HH:mm" until the fresh answer lands.
   */
  userUpdatedAt: number;
  /** True while the stored token is being turned into a user on app load. */
  loading: boolean;
  /**
   * The stored session could not be checked for want of a network, and nothing is kept on this device to show: the
   * session is kept and the offline state offers `retry`.
   */
  unreachable: boolean;
  /** Reads the user again (the offline state's Retry). */
  retry(): void;
  login(input: LoginInput): Promise<SignedIn>;
  register(input: RegisterCommand): Promise<User>;
  /** Ends the session on the server (POST /auth/logout), then here whatever the answer, and goes to the landing page. */
  logout(): void;
  /**
   * After the server has ended every session of the account (Sign out of all devices): forgets the token here and
   * goes to the login page with `message`.
   */
  sessionsEnded(message: string): void;
  /**
   * An admin left the console without input for ADMIN_IDLE_MINUTES: the session ends on the server and here, and the
   * login page says why.
   */
  idleSignOut(): void;
  /** Marks the user stale and reads it again, e.g. after a mutation whose answer does not carry the user. */
  refreshUser(): Promise<void>;
  /** For mutations whose answer already carries the updated user: every balance on screen follows at once. */
  setUser(user: User): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
