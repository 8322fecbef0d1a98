import { Box, Text } from "@chakra-ui/react";
import type { AltchaWidgetElement } from "altcha/types/generic";
import { createElement, useEffect, useRef, useState } from "react";
import { PROOF_OF_WORK_TEXTS } from "../lib/auth-texts";

interface ProofOfWorkCheckProps {
  /** The server's ALTCHA challenge, as it came in the `challengeRequired` answer. */
  challenge: object;
  /** The solution's payload once solved (to send as `altcha`), null when it is no longer valid. */
  onChange: (payload: string | null) => void;
}

/** The widget (about 34 KB gzip) loads only when a server asked for a check: the forms never carry it otherwise. */
const loadWidget = () => import("altcha");

/**
 * The ALTCHA proof of work (design.md §12.2): the browser solves the server's challenge on its own, in web workers,
 * as soon as it is shown; no third party is called. Shown only after the server asked for it.
 */
export function ProofOfWorkCheck({ challenge, onChange }: ProofOfWorkCheckProps) {
  const widget = useRef<AltchaWidgetElement>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let current = true;
    loadWidget().then(() => {
      if (current) setLoaded(true);
    });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!loaded || !element) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload: string | null }>).detail;
      onChange(state === "verified" && payload ? payload : null);
    };
    element.addEventListener("statechange", onState);
    void element.configure({
      challenge: challenge as never,
      auto: "onload",
      hideFooter: true,
      hideLogo: true,
    });
    return () => element.removeEventListener("statechange", onState);
  }, [loaded, challenge, onChange]);

  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="proof-of-work">
      <Text fontSize="sm" mb="2">
        {PROOF_OF_WORK_TEXTS.intro}
      </Text>
      {createElement("altcha-widget", { ref: widget, style: { "--altcha-max-width": "100%" } })}
    </Box>
  );
}
