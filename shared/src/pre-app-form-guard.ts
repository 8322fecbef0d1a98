/**
 * The public pages arrive pre-rendered (web/vite.config.ts): their forms are on screen before the app's code runs.
 * Left alone, a tap on Sign In then makes the browser's default submit, a GET that puts the email and the password in
 * the URL. This script, inlined at the top of each pre-rendered page, cancels every default submit and keeps the last
 * submit event where the app finds it once it has taken over the form (web/src/lib/pre-app-forms.ts), which sends it
 * then, once. The CSP allows it by its hash (infra/lib/web-stack.ts), as the shell's one (kept-screen.ts).
 */
export const HELD_SUBMIT_GLOBAL = "__jengafundHeldSubmit";

export const PRE_APP_FORM_GUARD = `document.addEventListener("submit",function(e){e.preventDefault();window.${HELD_SUBMIT_GLOBAL}=e},true);`;
