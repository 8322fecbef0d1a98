import type { LoginInput, RegisterCommand, User } from "@jengafund/shared";
import { createContext } from "react";

export interface AuthContextValue {
  user: User | null;
  /** True while the stored token is being turned into a user on app load. */
  loading: boolean;
  login(input: LoginInput): Promise<User>;
  register(input: RegisterCommand): Promise<User>;
  logout(): void;
  /** Re-reads the user after a mutation that changed balances or status. */
  refreshUser(): Promise<void>;
  /** For mutations whose response already carries the updated user. */
  setUser(user: User): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
