import type { LoginInput, RegisterCommand, User } from "@jengafund/shared";
import { createContext } from "react";

export interface AuthContextValue {
  user: User | null;
  /** True while the stored token is being turned into a user on app load. */
  loading: boolean;
  login(input: LoginInput): Promise<User>;
  register(input: RegisterCommand): Promise<User>;
  logout(): void;
  /** Marks the user stale and reads it again, e.g. after a mutation whose answer does not carry the user. */
  refreshUser(): Promise<void>;
  /** For mutations whose answer already carries the updated user: every balance on screen follows at once. */
  setUser(user: User): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
