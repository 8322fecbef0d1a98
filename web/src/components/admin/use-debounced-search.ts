import { useCallback, useEffect, useState } from "react";

/**
 * A search box's text and the settled, trimmed query it stands for. The query follows the text once typing
 * pauses for `delayMs`, so the list loads once per pause rather than once per key; `clear` empties both at once
 * so clearing never triggers a load of the old search first.
 */
export function useDebouncedSearch(delayMs = 300) {
  const [text, setText] = useState("");
  const [settled, setSettled] = useState("");

  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  const clear = useCallback(() => {
    setText("");
    setSettled("");
  }, []);

  return { text, settled, setText, clear };
}
