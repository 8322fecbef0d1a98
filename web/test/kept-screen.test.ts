import { KEPT_SCREEN_KEY, KEPT_SCREEN_MAX_AGE_MS, KEPT_SCREEN_PAINT } from "@jengafund/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { keepScreen } from "../src/lib/keep-screen";
import { forgetKeptScreen, releaseKeptScreen } from "../src/lib/kept-screen";

/** A token whose payload names `sub`, as the API's are read on the device (lib/token-storage.ts). */
const tokenFor = (sub: string) =>
  `header.${btoa(JSON.stringify({ sub })).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")}.signature`;

/** The shell as the build writes it: #root with the spinner, then the inline painter, run as the parser runs it. */
function openShell(path: string): void {
  window.history.replaceState(null, "", path);
  document.body.innerHTML = '<div id="root"><p>Loading</p></div>';
  new Function(KEPT_SCREEN_PAINT)();
}

const painted = () => document.getElementById("kept-screen");
const root = () => document.getElementById("root") as HTMLElement;

function keep(userId: string, at = Date.now()): void {
  localStorage.setItem(
    KEPT_SCREEN_KEY,
    JSON.stringify({
      userId,
      at,
      html: "<h1>Investment Packages</h1><button>Invest Now</button>",
      css: "h1{color:red}",
    }),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  document.body.innerHTML = "";
});

describe("the shell's painter of the kept screen", () => {
  it("paints the same user's kept packages tab at once, inert and marked Updated, over the hidden root", () => {
    localStorage.setItem("token", tokenFor("user-a"));
    keep("user-a", new Date(2026, 11, 3, 9, 5).getTime());
    openShell("/dashboard/packages");
    const kept = painted();
    expect(kept?.querySelector("h1")?.textContent).toBe("Investment Packages");
    expect(kept?.querySelector("style")?.textContent).toBe("h1{color:red}");
    expect(kept?.getAttribute("aria-hidden")).toBe("true");
    expect((kept as HTMLElement & { inert: boolean }).inert).toBe(true);
    expect(kept?.textContent).toMatch(/Updated (Dec 03, )?09:05$/);
    expect(root().style.visibility).toBe("hidden");
  });

  it("paints it for /dashboard, which opens the packages tab", () => {
    localStorage.setItem("token", tokenFor("user-a"));
    keep("user-a");
    openShell("/dashboard");
    expect(painted()).not.toBeNull();
  });

  it("paints nothing for another user, with no session, on another screen, or once it is older than a week", () => {
    keep("user-a");
    localStorage.setItem("token", tokenFor("user-b"));
    openShell("/dashboard/packages");
    expect(painted()).toBeNull();

    localStorage.removeItem("token");
    openShell("/dashboard/packages");
    expect(painted()).toBeNull();

    localStorage.setItem("token", tokenFor("user-a"));
    openShell("/dashboard/investments");
    expect(painted()).toBeNull();

    keep("user-a", Date.now() - KEPT_SCREEN_MAX_AGE_MS - 1);
    openShell("/dashboard/packages");
    expect(painted()).toBeNull();
    expect(root().style.visibility).toBe("");
  });

  it("paints nothing from a token it cannot read or a kept value that is not its own", () => {
    keep("user-a");
    localStorage.setItem("token", "not-a-token");
    openShell("/dashboard/packages");
    expect(painted()).toBeNull();
    localStorage.setItem("token", tokenFor("user-a"));
    localStorage.setItem(KEPT_SCREEN_KEY, "{broken");
    openShell("/dashboard/packages");
    expect(painted()).toBeNull();
  });
});

describe("keeping and forgetting the screen", () => {
  beforeEach(() => {
    window.history.replaceState(null, "", "/dashboard/packages");
    localStorage.setItem("token", tokenFor("user-a"));
    document.body.innerHTML =
      '<div id="root"><main><h1 class="css-abc">Investment Packages</h1></main><div class="Toastify">Reward claimed</div></div>';
    const style = document.createElement("style");
    document.head.append(style);
    style.sheet?.insertRule(".css-abc{color:green}");
    style.sheet?.insertRule(".css-unused{color:blue}");
    style.sheet?.insertRule("body{margin:0}");
  });

  it("keeps #root's markup without the toasts, with the rules it uses and the global ones, for the signed-in user", () => {
    keepScreen("user-a");
    const kept = JSON.parse(localStorage.getItem(KEPT_SCREEN_KEY) ?? "{}") as Record<string, string>;
    expect(kept.userId).toBe("user-a");
    expect(kept.html).toContain("Investment Packages");
    expect(kept.html).not.toContain("Reward claimed");
    expect(kept.css).toContain(".css-abc");
    expect(kept.css).toContain("body");
    expect(kept.css).not.toContain(".css-unused");
    expect(JSON.stringify(kept)).not.toContain(tokenFor("user-a"));
  });

  it("keeps nothing for a user who is not the one signed in, or on another screen", () => {
    keepScreen("user-b");
    expect(localStorage.getItem(KEPT_SCREEN_KEY)).toBeNull();
    window.history.replaceState(null, "", "/dashboard/account");
    keepScreen("user-a");
    expect(localStorage.getItem(KEPT_SCREEN_KEY)).toBeNull();
  });

  it("forgets it and takes the painted one down, showing the root", async () => {
    keep("user-a");
    openShell("/dashboard/packages");
    expect(painted()).not.toBeNull();
    forgetKeptScreen();
    expect(localStorage.getItem(KEPT_SCREEN_KEY)).toBeNull();
    await releaseKeptScreen();
    expect(painted()).toBeNull();
    expect(root().style.visibility).toBe("");
  });
});
