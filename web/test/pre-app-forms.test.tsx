import { PRE_APP_FORM_GUARD } from "@jengafund/shared";
import { act, waitFor } from "@testing-library/react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProvider } from "../src/app/provider";
import { LoginForm } from "../src/features/auth/components/login-form";
import { login } from "../src/lib/auth/api/login";
import { keepTypedValues } from "../src/lib/pre-app-forms";
import { aUser } from "./fixtures";

vi.mock("../src/lib/auth/api/login", () => ({ login: vi.fn() }));

/** The pre-rendered /login as the build writes it: the form's HTML, before any of the app's code runs. */
const page = () => (
  <MemoryRouter initialEntries={["/login"]}>
    <AppProvider>
      <LoginForm />
    </AppProvider>
  </MemoryRouter>
);

let container: HTMLElement;
let root: Root | undefined;
/** Every submit event, as it ends: whether the browser's default action (a GET with the fields in the URL) was kept. */
const submits: Event[] = [];

beforeAll(() => {
  // The page's inline guard, as its <head> runs it before anything else.
  new Function(PRE_APP_FORM_GUARD)();
  window.addEventListener("submit", (event) => submits.push(event));
});

beforeEach(() => {
  localStorage.clear();
  submits.length = 0;
  vi.mocked(login).mockReset();
  vi.mocked(login).mockResolvedValue({ token: "token", user: aUser() });
  container = document.createElement("div");
  container.innerHTML = renderToString(page());
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

function field(name: string): HTMLInputElement {
  const input = container.querySelector(`input[name="${name}"]`);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input named ${name}`);
  return input;
}

/** A visitor types and taps Sign In while the page is still plain HTML. */
function typeAndSubmitBeforeTheApp() {
  field("email").value = "Wanjiru@Example.com";
  field("password").value = "Secret#2026";
  const form = container.querySelector("form");
  form?.requestSubmit();
}

describe("the pre-rendered login form before the app takes over (design.md §13.6)", () => {
  it("never lets the browser submit it: the default action is cancelled, nothing is sent yet", () => {
    typeAndSubmitBeforeTheApp();
    expect(submits).toHaveLength(1);
    expect(submits[0]?.defaultPrevented).toBe(true);
    expect(window.location.search).toBe("");
    expect(login).not.toHaveBeenCalled();
  });

  it("keeps what was typed through hydration and signs in once with it for the tap made before", async () => {
    typeAndSubmitBeforeTheApp();
    await act(async () => {
      root = hydrateRoot(container, page());
    });
    await waitFor(() => expect(login).toHaveBeenCalledTimes(1));
    expect(login).toHaveBeenCalledWith({ email: "wanjiru@example.com", password: "Secret#2026" });
    expect(field("email").value).toBe("Wanjiru@Example.com");
    expect(field("password").value).toBe("Secret#2026");
    // Nothing more follows: the held tap was sent once.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(login).toHaveBeenCalledTimes(1);
    expect(submits.every((event) => event.defaultPrevented)).toBe(true);
  });

  it("keeps what was typed, without a tap, when the app renders afresh over the page", async () => {
    field("email").value = "kamau@example.com";
    keepTypedValues(container);
    await act(async () => {
      root = createRoot(container);
      root.render(page());
    });
    await waitFor(() => expect(field("email").value).toBe("kamau@example.com"));
    expect(field("password").value).toBe("");
    expect(login).not.toHaveBeenCalled();
  });

  it("sends the tap once when the app renders afresh over the page it was made on", async () => {
    typeAndSubmitBeforeTheApp();
    keepTypedValues(container);
    await act(async () => {
      root = createRoot(container);
      root.render(page());
    });
    await waitFor(() => expect(login).toHaveBeenCalledTimes(1));
    expect(login).toHaveBeenCalledWith({ email: "wanjiru@example.com", password: "Secret#2026" });
  });

  it("does not send a sign-in again when the form is shown again later in the app", async () => {
    await act(async () => {
      root = hydrateRoot(container, page());
    });
    field("email").value = "otieno@example.com";
    field("password").value = "Secret#2026";
    act(() => {
      container.querySelector("form")?.requestSubmit();
    });
    act(() => root?.unmount());
    container.innerHTML = "";
    await act(async () => {
      root = createRoot(container);
      root.render(page());
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The one submit made in the app, and none by the form shown again.
    expect(submits).toHaveLength(1);
  });
});
