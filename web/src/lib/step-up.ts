/**
 * The recent second factor of design.md §12.1 on the web side: a request answered 403 `stepUpRequired` asks the user
 * for an authenticator code in place, and once the session has stepped up it is sent again, once, exactly as it was
 * (same body, same Idempotency-Key), with the new session token. The asking is a dialog (features/step-up) that
 * registers here while it is mounted, so the transport needs neither React nor a feature; where none is mounted, the
 * refusal reaches the caller as it came.
 */
import { ApiError, isStepUpRequired } from "./api-client";

/** Shows the server's message and asks for a code; true once the session has stepped up, false if the user cancelled. */
export type StepUpPrompt = (message: string) => Promise<boolean>;

/** What the action's caller hears (its error toast) when the user cancels the code: nothing was done. */
export const STEP_UP_CANCELLED_MESSAGE =
  "Cancelled: nothing was done. This action needs a code from your authenticator app.";

let prompt: StepUpPrompt | undefined;
let asking: Promise<boolean> | undefined;

/** Registers the prompt; the returned function unregisters it (when its dialog unmounts). */
export function provideStepUpPrompt(next: StepUpPrompt): () => void {
  prompt = next;
  return () => {
    if (prompt === next) prompt = undefined;
  };
}

/** Runs `send`; when it is refused for want of a recent code, asks for one and runs it once more. */
export async function withStepUp<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!isStepUpRequired(error) || !prompt) throw error;
    if (!(await ask(prompt, error.serverMessage ?? ""))) {
      throw new ApiError(error.status, STEP_UP_CANCELLED_MESSAGE, { cause: error }, { stepUpCancelled: true });
    }
    // Once: should the repeat be refused again, that refusal is the action's error.
    return send();
  }
}

/** One question at a time: actions refused together wait for the same code. */
function ask(current: StepUpPrompt, message: string): Promise<boolean> {
  asking ??= current(message).finally(() => {
    asking = undefined;
  });
  return asking;
}
