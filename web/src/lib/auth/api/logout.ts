import { apiCall } from "../../api-call";

/** How long a logout waits for the server before the browser forgets the session anyway. */
const LOGOUT_WAIT_MS = 5000;

/**
 * Ends this session on the server (design.md §12.2): from then on the token is refused even where it was copied.
 * Never rejects: a logout that could not reach the server, or whose session had already ended (401), still ends the
 * session in this browser, and a server that does not answer is not waited for past a few seconds.
 */
export async function logout(): Promise<void> {
  const ended = apiCall("logout-user", { endsSession: true }).then(
    () => undefined,
    () => undefined,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LOGOUT_WAIT_MS);
  });
  await Promise.race([ended, gaveUp]);
  clearTimeout(timer);
}
