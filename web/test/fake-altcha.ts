/**
 * A stand-in for the ALTCHA widget in happy-dom (the real one solves in web workers; the browser tests use it): it
 * keeps the configuration the form gives it, and a test "solves" it by sending the widget's own state event.
 */
export class FakeAltchaWidget extends HTMLElement {
  configuration: Record<string, unknown> | undefined;

  async configure(configuration: Record<string, unknown>) {
    this.configuration = configuration;
  }
}

export function defineFakeAltcha() {
  if (!customElements.get("altcha-widget")) customElements.define("altcha-widget", FakeAltchaWidget);
}

/** The widget on the page, once the form has loaded and configured it. */
export function altchaWidget(): FakeAltchaWidget | null {
  return document.querySelector("altcha-widget") as FakeAltchaWidget | null;
}

/** What the widget does when its proof of work is done. */
export function solveAltcha(payload: string) {
  altchaWidget()?.dispatchEvent(new CustomEvent("statechange", { detail: { state: "verified", payload } }));
}
