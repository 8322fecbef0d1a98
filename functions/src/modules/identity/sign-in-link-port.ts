/**
 * Sign-in links (design.md §13.4): past an account's daily limit of failed passwords, the password signs in only with
 * the link emailed to the owner. An account has at most one live link; only its token's SHA-256 is stored.
 */

export interface SignInLinkRecord {
  userId: string;
  /** SHA-256 (hex) of the token in the emailed link. */
  tokenHash: string;
  createdAt: string;
  /** Epoch seconds: the link's end, and the item's TTL. */
  expiresAtEpochSeconds: number;
}

export interface SignInLinkRepository {
  /** Saves the account's new link unless a live one exists (then false, and nothing written). */
  saveUnlessLive(link: SignInLinkRecord, nowEpochSeconds: number): Promise<boolean>;
  /** The account's link, live or not (a TTL deletes late). */
  find(userId: string): Promise<SignInLinkRecord | null>;
  /** Removes the link if it is still the one hashed `tokenHash` and live: it works once. False if it was not. */
  use(userId: string, tokenHash: string, nowEpochSeconds: number): Promise<boolean>;
}
