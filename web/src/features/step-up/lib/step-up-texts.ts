/** The words of the step-up dialog (design.md §12.1), defined once for the screen and its tests. */
export const STEP_UP_TEXTS = {
  title: "Confirm it's you",
  /** Shown when the server's refusal carries no message of its own. */
  prompt: "Enter the 6-digit code from your authenticator app to continue",
  why: "Money actions need a code from the last 15 minutes. The action goes ahead as soon as the code is checked.",
  codeLabel: "Authentication code",
  confirm: "Confirm",
  confirming: "Checking",
  failed: "We could not check the code. Check your connection and try again.",
} as const;
