import { HELD_SUBMIT_GLOBAL } from "@jengafund/shared";
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";

/**
 * A pre-rendered form (login, register) is on screen before the app's code runs: a visitor may type into it and tap
 * its button. The page's inline guard (shared/src/pre-app-form-guard.ts) cancels the browser's default submit and
 * keeps the event; this module hands what happened to the form's React component once it has taken over.
 */

/** What was typed into a form before the app took it over: text fields by name, checkboxes by name. */
export interface TypedBeforeTakeover {
  values: Record<string, string>;
  checked: Record<string, boolean>;
}

/** Set by main.tsx when the app renders afresh over the pre-rendered page, which replaces its inputs (by form name). */
const typedInReplacedForms = new Map<string, TypedBeforeTakeover>();

/**
 * Called before the app renders afresh over `root`'s pre-rendered HTML (main.tsx, when it cannot hydrate it): keeps
 * what was typed in each named form, which the new form then adopts.
 */
export function keepTypedValues(root: HTMLElement): void {
  for (const form of root.querySelectorAll("form[name]")) {
    const name = form.getAttribute("name");
    if (!(form instanceof HTMLFormElement) || !name) continue;
    const typed = typedIn(form);
    if (typed) typedInReplacedForms.set(name, typed);
  }
}

/**
 * For the form named `name`: adopts what the visitor typed before the app took it over (`adopt` gets it once, on
 * mount), and submits the form once if they submitted it then. Returns the ref for the <form> element.
 */
export function usePrerenderedForm(
  name: string,
  adopt: (typed: TypedBeforeTakeover) => void,
): RefObject<HTMLFormElement | null> {
  const ref = useRef<HTMLFormElement>(null);
  const adoptRef = useRef(adopt);
  adoptRef.current = adopt;
  const [submitHeld, setSubmitHeld] = useState(false);

  useLayoutEffect(() => {
    const form = ref.current;
    if (!form) return;
    // Hydration keeps the inputs, with what was typed, while the component's state starts from its defaults; a fresh
    // render replaced them, and main.tsx kept their values.
    const typed = typedInReplacedForms.get(name) ?? typedIn(form);
    typedInReplacedForms.delete(name);
    if (typed) adoptRef.current(typed);
    if (takeHeldSubmit(form, name)) setSubmitHeld(true);
    return releaseEachSubmitWhileMounted();
  }, [name]);

  // After the render that applied the adopted values, so that the submit handler sees them.
  useEffect(() => {
    if (!submitHeld) return;
    setSubmitHeld(false);
    ref.current?.requestSubmit();
  }, [submitHeld]);

  return ref;
}

type HeldSubmitWindow = Window & { [HELD_SUBMIT_GLOBAL]?: Event };

/**
 * Whether the visitor submitted this form before the app took it over, and that submit still waits (it is then
 * released, so it is sent once): the held event's form is this one (hydrated) or the one it replaced (same name).
 * An event still being dispatched is one React is handling right now (it hydrated the form to do so): released,
 * not sent again.
 */
function takeHeldSubmit(form: HTMLFormElement, name: string): boolean {
  const held = (window as HeldSubmitWindow)[HELD_SUBMIT_GLOBAL];
  const target = held?.target;
  if (!held || !(target instanceof HTMLFormElement)) return false;
  const isThisForm = target === form || (!target.isConnected && target.getAttribute("name") === name);
  if (!isThisForm) return false;
  releaseHeldSubmit();
  return held.eventPhase === Event.NONE;
}

function releaseHeldSubmit(): void {
  delete (window as HeldSubmitWindow)[HELD_SUBMIT_GLOBAL];
}

let mountedForms = 0;

/**
 * While a form has been taken over, every submit is the app's to handle (React's listeners on #root have run when it
 * reaches the window): none is left held, to be sent again by a form mounted later.
 */
function releaseEachSubmitWhileMounted(): () => void {
  if (mountedForms++ === 0) window.addEventListener("submit", releaseHeldSubmit);
  return () => {
    if (--mountedForms === 0) window.removeEventListener("submit", releaseHeldSubmit);
  };
}

/**
 * The fields of `form` the visitor changed: their value (or tick) differs from the one the markup gave them, or, once
 * hydrated, the one React gave them.
 */
function typedIn(form: HTMLFormElement): TypedBeforeTakeover | null {
  const typed: TypedBeforeTakeover = { values: {}, checked: {} };
  let any = false;
  for (const input of form.querySelectorAll("input[name]")) {
    if (!(input instanceof HTMLInputElement)) continue;
    if (input.type === "checkbox") {
      if (input.checked === input.defaultChecked) continue;
      typed.checked[input.name] = input.checked;
    } else {
      if (input.value === input.defaultValue) continue;
      typed.values[input.name] = input.value;
    }
    any = true;
  }
  return any ? typed : null;
}
