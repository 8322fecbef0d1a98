/** The words of the page a new payout number's notice links to (design.md §13.2). */
export const BLOCK_TEXTS = {
  title: "Block a payout number",
  subtitle: "From the link in the SMS or email we sent you",
  explain:
    "We told you that a new M-Pesa number can receive your withdrawals. If that number is not yours, block it: no withdrawal will be paid to it, and every device signed in to your account is signed out.",
  action: "Block this number",
  busy: "Blocking",
  missingToken: "This link is incomplete. Open it again from the SMS or email we sent you.",
  failed: "The number could not be blocked. Check your connection and try again.",
  next: "Then sign in and change your password: whoever added that number knows it.",
  signIn: "Sign in",
} as const;
