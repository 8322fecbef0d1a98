/**
 * The words of the account recovery screens and the sign-in code step (design.md §11), defined once: the screens
 * show them and the tests assert them.
 */
export const RECOVERY_TEXTS = {
  forgotLink: "Forgot password?",
  forgotTitle: "Reset your password",
  forgotSubtitle: "We will email you a link to set a new one",
  forgotIntro: "Enter the email address of your JengaFund account.",
  sendLink: "Send Reset Link",
  sending: "Sending link",
  sentTitle: "Check your email",
  /** Under the server's confirmation, which reads the same whether or not the account exists. */
  sentHint: "No email after a few minutes? Check your spam folder, or send the link again.",
  sendAgain: "Send again",
  sendFailed: "We could not send the link. Check your connection and try again.",
  backToSignIn: "Back to sign in",
  resetTitle: "Choose a new password",
  resetSubtitle: "Every device signed in to your account will be signed out",
  newPassword: "New Password",
  savePassword: "Set New Password",
  saving: "Saving",
  resetFailed: "We could not change your password. Check your connection and try again.",
  missingToken:
    "This page needs the link from your password reset email. Open the link in the email again, or ask for a new one.",
  requestNewLink: "Ask for a new link",
  /** Toast after a reset, should the server's own message be missing. */
  passwordChanged: "Your password has been changed. Please log in with your new password.",
} as const;

export const TWO_FACTOR_LOGIN_TEXTS = {
  title: "Two-factor sign-in",
  prompt: "Open your authenticator app and enter the 6-digit code it shows for JengaFund.",
  recoveryHint: "No phone with you? Enter one of your recovery codes (like abcde-23456) instead; each works once.",
  codeLabel: "Authentication or recovery code",
  verify: "Verify",
  verifying: "Verifying",
  back: "Use another account",
} as const;

/** The proof-of-work check (design.md §12.2), shown only when the server asks for one. */
export const PROOF_OF_WORK_TEXTS = {
  intro: "A quick check in your browser, because of many failed attempts on this account. It solves itself.",
  /** When the form is sent before the check is done. */
  unsolved: "Wait for the check below to finish, then try again.",
} as const;

/**
 * The emailed sign-in link (design.md §13.4): past very many failed passwords in a day, the login page opened from
 * the link (`/login?signin=<token>`) asks for the password and sends it with the link.
 */
export const SIGN_IN_LINK_TEXTS = {
  intro: "You opened your sign-in link. Enter your email and password to finish signing in.",
} as const;

/**
 * After a sign-in that used a recovery code (design.md §12.2): how many are left and, once few are, a way to the
 * Security settings to make new ones.
 */
export const RECOVERY_CODES_LEFT_TEXTS = {
  left: (count: number) => `You have ${count} recovery code${count === 1 ? "" : "s"} left`,
  fewLeft: "Make new ones in Account → Security before you run out: each code works once.",
  makeNew: "Make new codes",
} as const;

/** At this many recovery codes left or fewer, the notice asks for new ones and stays until it is closed. */
export const RECOVERY_CODES_FEW = 3;
